import FoundationEssentials
import GlanceFetch
import GlanceWidgetKit

/// Fetches the forecast from Open-Meteo every 15 minutes. A failed fetch shows the last
/// good forecast again (or the redacted placeholder) and asks for a retry.
public struct WeatherProvider: AppIntentTimelineProvider {
    /// Seconds a fetch may take, connecting included.
    let timeout: Double

    public init(timeout: Double = 20) { self.timeout = timeout }

    public func placeholder(in context: Context) -> WeatherEntry {
        WeatherEntry.sample(at: context.date, place: City.seoul.name(languageCode: context.locale.languageCode), isPlaceholder: true)
    }

    /// Sample weather at the configured place: the gallery renders it with no network.
    public func snapshot(for configuration: SelectCityIntent, in context: Context) async -> WeatherEntry {
        WeatherEntry.sample(at: context.date, place: configuration.placeName(languageCode: context.locale.languageCode),
                            units: configuration.units)
    }

    public func timeline(for configuration: SelectCityIntent, in context: Context) async -> Timeline<WeatherEntry> {
        switch fetch(configuration, in: context) {
        case .success(let entry):
            return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(15 * 60)))
        case .failure(let failure):
            let shown = (context.lastEntry as? WeatherEntry) ?? placeholder(in: context)
            return Timeline(entries: [shown], policy: .retry(because: failure.description))
        }
    }

    public func recommendations() -> [AppIntentRecommendation<SelectCityIntent>] {
        City.allCases.map { AppIntentRecommendation(intent: SelectCityIntent(city: $0), description: $0.englishName) }
    }

    /// Why a fetch gave no forecast, one line for the log.
    struct FetchFailure: Error, CustomStringConvertible {
        let description: String
    }

    func fetch(_ configuration: SelectCityIntent, in context: Context) -> Result<WeatherEntry, FetchFailure> {
        let place = configuration.coordinates
        let url = WeatherRequest.url(base: configuration.base_url, latitude: place.latitude, longitude: place.longitude,
                                     units: configuration.units)
        do throws(HTTPFailure) {
            let response = try HTTPClient.getOK(HTTPRequest(url: url, timeout: timeout, maximumBytes: 1 << 20))
            do throws(OpenMeteoForecast.Unreadable) {
                let forecast = try OpenMeteoForecast.decode(response.body)
                var entry = try forecast.entry(at: context.date, place: configuration.placeName(languageCode: context.locale.languageCode),
                                               units: configuration.units)
                entry.relevantHours = configuration.relevant_hours
                return .success(entry)
            } catch {
                return .failure(FetchFailure(description: "the forecast could not be read: \(error)"))
            }
        } catch {
            return .failure(FetchFailure(description: "the forecast could not be fetched: \(error)"))
        }
    }
}
