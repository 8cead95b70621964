#include "CGlanceICal.h"
#include <CGlanceLoader.h>
#include <libical/ical.h>

static glance_library libical = GLANCE_LIBRARY("libical.so.3", "libical", "libical3", "libical3 3.0 or later");

const char *glance_ical_load_error(void) { return glance_library_error(&libical); }

// Each definition has ical.h's prototype and calls the library's own function; without
// the library it answers as libical does when it has nothing to give: NULL, a null time,
// 0. Functions returning structs by value (times, durations, rules) are called through a
// pointer of the same type like any other.
#define FORWARD(type, name, params, args, fallback) GLANCE_FORWARD(libical, type, name, params, args, fallback)
#define FORWARD_VOID(name, params, args) GLANCE_FORWARD_VOID(libical, name, params, args)

// What a struct-returning function gives without the library: libical's own empty
// values (all fields 0 is icaltime_null_time(); a rule of freq ICAL_NO_RECURRENCE).
static const struct icaltimetype null_time;
static const struct icaldurationtype null_duration;
static const struct icaldatetimeperiodtype null_period;
static struct icalrecurrencetype no_recurrence(void) {
    struct icalrecurrencetype rule = {0};
    rule.freq = ICAL_NO_RECURRENCE;
    return rule;
}
// `icalerrno` is `*icalerrno_return()`: without the library it reads and writes this.
static _Thread_local icalerrorenum no_library_errno = ICAL_UNIMPLEMENTED_ERROR;

// Parsing and walking the tree.
FORWARD(icalcomponent *, icalparser_parse_string, (const char *str), (str), NULL)
FORWARD(icalcomponent *, icalcomponent_new_from_string, (const char *str), (str), NULL)
FORWARD_VOID(icalcomponent_free, (icalcomponent *component), (component))
FORWARD(char *, icalcomponent_as_ical_string_r, (icalcomponent *component), (component), NULL)
FORWARD(icalcomponent_kind, icalcomponent_isa, (const icalcomponent *component), (component), ICAL_NO_COMPONENT)
FORWARD(int, icalcomponent_count_components, (icalcomponent *component, icalcomponent_kind kind), (component, kind), 0)
FORWARD(icalcomponent *, icalcomponent_get_first_component, (icalcomponent *component, icalcomponent_kind kind), (component, kind), NULL)
FORWARD(icalcomponent *, icalcomponent_get_next_component, (icalcomponent *component, icalcomponent_kind kind), (component, kind), NULL)
FORWARD(icalproperty *, icalcomponent_get_first_property, (icalcomponent *component, icalproperty_kind kind), (component, kind), NULL)
FORWARD(icalproperty *, icalcomponent_get_next_property, (icalcomponent *component, icalproperty_kind kind), (component, kind), NULL)

// Properties and parameters.
FORWARD(icalparameter *, icalproperty_get_first_parameter, (icalproperty *prop, icalparameter_kind kind), (prop, kind), NULL)
FORWARD(const char *, icalparameter_get_tzid, (const icalparameter *value), (value), NULL)
FORWARD(char *, icalproperty_get_value_as_string_r, (const icalproperty *prop), (prop), NULL)
FORWARD(const char *, icalproperty_get_uid, (const icalproperty *prop), (prop), NULL)
FORWARD(const char *, icalproperty_get_summary, (const icalproperty *prop), (prop), NULL)
FORWARD(const char *, icalproperty_get_location, (const icalproperty *prop), (prop), NULL)
FORWARD(const char *, icalproperty_get_tzid, (const icalproperty *prop), (prop), NULL)
FORWARD(const char *, icalproperty_get_xlicerror, (const icalproperty *prop), (prop), NULL)
FORWARD(enum icalproperty_status, icalproperty_get_status, (const icalproperty *prop), (prop), ICAL_STATUS_NONE)
FORWARD(struct icaltimetype, icalproperty_get_dtstart, (const icalproperty *prop), (prop), null_time)
FORWARD(struct icaltimetype, icalproperty_get_dtend, (const icalproperty *prop), (prop), null_time)
FORWARD(struct icaltimetype, icalproperty_get_exdate, (const icalproperty *prop), (prop), null_time)
FORWARD(struct icaltimetype, icalproperty_get_recurrenceid, (const icalproperty *prop), (prop), null_time)
FORWARD(struct icaldurationtype, icalproperty_get_duration, (const icalproperty *prop), (prop), null_duration)
FORWARD(struct icaldatetimeperiodtype, icalproperty_get_rdate, (const icalproperty *prop), (prop), null_period)

// Times, durations and zones.
FORWARD(struct icaltimetype, icaltime_null_time, (void), (), null_time)
FORWARD(int, icaltime_is_null_time, (const struct icaltimetype t), (t), 1)
FORWARD(int, icaltime_is_utc, (const struct icaltimetype t), (t), 0)
FORWARD(struct icaltimetype, icaltime_from_timet_with_zone, (const time_t tm, const int is_date, const icaltimezone *zone),
        (tm, is_date, zone), null_time)
FORWARD(int, icaldurationtype_as_int, (struct icaldurationtype duration), (duration), 0)
FORWARD(icaltimezone *, icaltimezone_new, (void), (), NULL)
FORWARD_VOID(icaltimezone_free, (icaltimezone *zone, int free_struct), (zone, free_struct))
FORWARD(int, icaltimezone_set_component, (icaltimezone *zone, icalcomponent *comp), (zone, comp), 0)
FORWARD(icaltimezone *, icaltimezone_get_utc_timezone, (void), (), NULL)
FORWARD(int, icaltimezone_get_utc_offset_of_utc_time, (icaltimezone *zone, struct icaltimetype *tt, int *is_daylight),
        (zone, tt, is_daylight), 0)

// Recurrence rules.
FORWARD(struct icalrecurrencetype, icalrecurrencetype_from_string, (const char *str), (str), no_recurrence())
FORWARD(icalrecur_iterator *, icalrecur_iterator_new, (struct icalrecurrencetype rule, struct icaltimetype dtstart), (rule, dtstart), NULL)
FORWARD(int, icalrecur_iterator_set_start, (icalrecur_iterator *impl, struct icaltimetype start), (impl, start), 0)
FORWARD(struct icaltimetype, icalrecur_iterator_next, (icalrecur_iterator *impl), (impl), null_time)
FORWARD_VOID(icalrecur_iterator_free, (icalrecur_iterator *impl), (impl))

// Errors: `icalerrno` is a macro over icalerrno_return(), so no variable of the library
// is read directly.
FORWARD(icalerrorenum *, icalerrno_return, (void), (), &no_library_errno)
FORWARD_VOID(icalerror_clear_errno, (void), ())
FORWARD_VOID(icalerror_set_errors_are_fatal, (int fatal), (fatal))
