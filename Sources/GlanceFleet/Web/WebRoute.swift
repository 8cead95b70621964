/// Every route the web page's server answers, one case each, with its method and path:
/// the server's dispatch switches over it (the compiler then asks for every route's
/// answer), the 404 and 405 answers (with `Allow`) come from it, and docs/web.md's route
/// table and the browser check's mock server are checked against it (`WebRouteTests`).
/// A route is added here, answered in `WebServer`, and given a row in docs/web.md.
enum WebRoute: CaseIterable, Sendable {
    /// The page and its two files; answered without a session.
    case page, script, style
    /// A login: sets the session cookie; no CSRF token yet.
    case login
    case state, frame, events, log, travel, gallery, galleryPicture
    case set, reload, refresh, press, tap, logout
    /// The albums of photo slots with `uploads:`; a picture added to one, or deleted.
    case photos, upload, deletePhoto
    /// A board's measured inks and the saturation pictures are dithered with; tuning it.
    case inks, tuneInks

    /// `GET` or `POST` (a `HEAD` is answered as its `GET`).
    var method: String {
        switch self {
        case .page, .script, .style, .state, .frame, .events, .log, .travel, .gallery, .galleryPicture, .photos, .inks: "GET"
        case .login, .set, .reload, .refresh, .press, .tap, .logout, .upload, .deletePhoto, .tuneInks: "POST"
        }
    }

    /// The paths it answers; one ending in `/` is a prefix of them.
    var paths: [String] {
        switch self {
        case .page: ["/", "/index.html"]
        case .script: ["/ui/app.js"]
        case .style: ["/ui/app.css"]
        case .login: ["/ui/login"]
        case .state: ["/ui/state"]
        case .frame: ["/ui/frame.png"]
        case .events: ["/ui/events"]
        case .log: ["/ui/log"]
        case .travel: ["/ui/travel"]
        case .gallery: ["/ui/gallery"]
        case .galleryPicture: ["/ui/gallery/"]
        case .set: ["/ui/set"]
        case .reload: ["/ui/reload"]
        case .refresh: ["/ui/refresh"]
        case .press: ["/ui/press"]
        case .tap: ["/ui/tap"]
        case .logout: ["/ui/logout"]
        case .photos: ["/ui/photos"]
        case .upload: ["/ui/photos/upload"]
        case .deletePhoto: ["/ui/photos/delete"]
        case .inks: ["/ui/inks"]
        case .tuneInks: ["/ui/inks/saturation"]
        }
    }

    /// Answered before any session is asked for: the page's files and the login.
    var needsSession: Bool { ![.page, .script, .style, .login].contains(self) }

    func answers(_ path: String) -> Bool {
        paths.contains { $0.hasSuffix("/") && $0 != "/" ? path.hasPrefix($0) && path.count > $0.count : path == $0 }
    }

    /// The routes at `path`, whatever their method.
    static func routes(at path: String) -> [WebRoute] { allCases.filter { $0.answers(path) } }

    /// The methods `path` takes, or nil when no route answers it.
    static func methods(of path: String) -> [String]? {
        let routes = routes(at: path)
        return routes.isEmpty ? nil : routes.map(\.method)
    }
}
