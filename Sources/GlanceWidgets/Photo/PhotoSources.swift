import FoundationEssentials
import GlanceFetch
import GlanceGraphics
import GlanceSystem
import GlanceTime
import Glibc
import Synchronization

/// Where a photo slot's pictures come from.
enum PhotoSource: Hashable, Sendable {
    /// A folder of pictures, watched whole.
    case folder(String)
    /// One picture at an http(s) URL.
    case url(String)
    /// An Immich album: the server's address (no trailing slash), the file holding the
    /// API key, the album's id.
    case immich(server: String, keyFile: String, album: String)
    /// An album the web page fills (`PhotoUploads`).
    case uploads(String)

    /// The source for the log and the slot: a URL without its path (it may be a secret).
    var shown: String {
        switch self {
        case .folder(let path): path
        case .url(let url): Self.elided(url)
        case .immich(let server, _, _): "Immich at \(Self.elided(server))"
        case .uploads(let album): "the uploads album \(album)"
        }
    }

    /// A digest of the source (FNV-1a, stable across runs; a URL is not kept as text).
    var digest: String {
        let text = switch self {
        case .folder(let path): "folder\n\(path)"
        case .url(let url): "url\n\(url)"
        case .immich(let server, _, let album): "immich\n\(server)\n\(album)"
        case .uploads(let album): "uploads\n\(album)"
        }
        return String(PhotoSource.fnv(text), radix: 16)
    }

    static func fnv(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// `https://host/…`: the scheme and host only.
    static func elided(_ text: String) -> String { AgendaCalendar.elided(text) }

    /// An Immich id: a UUID's letters, digits and dashes, nothing that changes a path.
    static func isAlbumID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) }
    }
}

/// One picture a source offers.
struct PhotoItem: Sendable, Equatable {
    /// What `Image` draws: a file's path, or a `PictureStore` name once fetched.
    var picture: String
    /// The file's name (a caption's `name`).
    var name: String
    /// When it was taken or saved, where known (a caption's `date`).
    var date: Date?
    /// An Immich asset's id: its preview is fetched when an entry shows it.
    var asset: String?
}

/// Why a source gave no pictures, or fewer: one line naming it.
package struct PhotoProblem: Error, Sendable, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}

/// What the photo widget reads, and the last good copy of each URL and album: a URL's
/// picture with its validators (the next GET is conditional; a 304 keeps the copy), an
/// album's listing; a failed read keeps the last good one.
final class PhotoLibrary: Sendable {
    static let shared = PhotoLibrary()

    /// The most pictures a folder or album lists (more are left out, said once).
    static let largestListing = 10_000
    /// The most bytes an album's listing may take.
    static let largestAlbum = 16 << 20
    /// The largest Immich API key file.
    static let largestKeyFile = 4_096

    struct URLCopy: Sendable {
        let name: String
        let etag: String?
        let lastModified: String?
    }

    private let urls = Mutex<[String: URLCopy]>([:])
    private let albums = Mutex<[String: [PhotoItem]]>([:])
    let store: PictureStore

    init(store: PictureStore = .shared) { self.store = store }

    // MARK: Folders

    /// The pictures in `folder` by name (files with a picture's extension, not hidden),
    /// each with its modification time.
    func list(folder: String) -> Result<[PhotoItem], PhotoProblem> {
        guard let directory = opendir(folder) else {
            return .failure(PhotoProblem("\(folder): \(errno == ENOENT ? "no such folder" : String(cString: strerror(errno)))"))
        }
        defer { closedir(directory) }
        var items: [PhotoItem] = []
        while let entry = readdir(directory), items.count < Self.largestListing {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix("."), let dot = name.lastIndex(of: "."),
                  Picture.Format.extensions.contains(name[name.index(after: dot)...].lowercased()) else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            // Regular files only (a FIFO named a.jpg is never opened); links are followed.
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))
            items.append(PhotoItem(picture: path, name: name, date: modified))
        }
        return .success(items.sorted { $0.name < $1.name })
    }

    // MARK: An image URL

    /// Reads the picture at `url` with a conditional GET; a 304 or a failure keeps the
    /// last good copy (with the failure said).
    func read(url: String, timeout: Double) -> (item: PhotoItem?, problem: String?) {
        let name = PictureStore.prefix + "url-" + String(PhotoSource.fnv(url), radix: 16)
        let kept = urls.withLock { $0[url] }
        let keptItem = kept.flatMap { copy in store.picture(named: name).map { _ in PhotoItem(picture: name, name: copy.name) } }
        var headers: [(name: String, value: String)] = [("Accept", "image/jpeg, image/png, image/webp")]
        if keptItem != nil, let etag = kept?.etag { headers.append(("If-None-Match", etag)) }
        if keptItem != nil, let lastModified = kept?.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        let shown = PhotoSource.elided(url)
        do throws(HTTPFailure) {
            let response = try HTTPClient.get(HTTPRequest(url: url, headers: headers, timeout: timeout, maximumBytes: Picture.largestFile))
            if response.status == 304, let keptItem { return (keptItem, nil) }
            guard (200..<300).contains(response.status) else { throw HTTPFailure.status(response.status) }
            // Checked before it replaces a good copy: a garbage answer keeps the last picture.
            do throws(Picture.Failure) {
                _ = try Picture.size(of: response.body, name: shown)
            } catch {
                return (keptItem, "\(error)" + (keptItem == nil ? "" : "; showing the last picture read"))
            }
            let fileName = Self.fileName(of: url)
            store.keep(response.body, named: name, shownAs: shown)
            urls.withLock { $0[url] = URLCopy(name: fileName, etag: response.etag, lastModified: response.lastModified) }
            return (PhotoItem(picture: name, name: fileName), nil)
        } catch {
            return (keptItem, "\(shown): \(error)" + (keptItem == nil ? "" : "; showing the last picture read"))
        }
    }

    /// The last part of a URL's path, without its query (`today.jpg`).
    static func fileName(of url: String) -> String {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        guard let slash = path.lastIndex(of: "/") else { return path }
        let name = String(path[path.index(after: slash)...])
        return name.isEmpty ? "picture" : (name.removingPercentEncoding ?? name)
    }

    // MARK: Immich

    /// The album's pictures (assets of type IMAGE), read with the key in `keyFile`; a
    /// failure keeps the last listing.
    func list(immich server: String, keyFile: String, album: String, timeout: Double) -> Result<[PhotoItem], PhotoProblem> {
        let shown = "Immich at \(PhotoSource.elided(server))"
        let cacheKey = server + "\n" + album
        let kept = albums.withLock { $0[cacheKey] }
        func failed(_ problem: String) -> Result<[PhotoItem], PhotoProblem> {
            if let kept { return .success(kept) }
            return .failure(PhotoProblem(problem))
        }
        let key: String
        switch Self.apiKey(keyFile) {
        case .success(let read): key = read
        case .failure(let problem): return failed(problem.description)
        }
        let response: HTTPResponse
        do throws(HTTPFailure) {
            response = try HTTPClient.getOK(HTTPRequest(url: "\(server)/api/albums/\(album)", headers: [("x-api-key", key), ("Accept", "application/json")],
                                                        timeout: timeout, maximumBytes: Self.largestAlbum))
        } catch {
            let hint = error == .status(401) || error == .status(403) ? " (is the API key in \(keyFile) right, with the album.read and asset.view permissions?)" : ""
            return failed("\(shown): \(error)\(hint)")
        }
        guard let json = JSONValue.parse(response.body), let assets = json["assets"], case .array = assets else {
            return failed("\(shown): the album's answer is not Immich's JSON (no assets list)")
        }
        var items: [PhotoItem] = []
        for asset in assets.array where items.count < Self.largestListing {
            guard asset["type"]?.string == "IMAGE", let id = asset["id"]?.string, PhotoSource.isAlbumID(id) else { continue }
            let name = asset["originalFileName"]?.string ?? id
            let date = (asset["fileCreatedAt"]?.string).flatMap(parseISO8601Instant)
            items.append(PhotoItem(picture: PictureStore.prefix + "immich-" + id, name: name, date: date, asset: id))
        }
        items.sort { ($0.name, $0.asset ?? "") < ($1.name, $1.asset ?? "") }
        albums.withLock { $0[cacheKey] = items }
        return .success(items)
    }

    /// Fetches an asset's preview (Immich's display-sized JPEG) unless it is kept.
    func fetch(_ item: PhotoItem, server: String, keyFile: String, timeout: Double) -> PhotoProblem? {
        guard let asset = item.asset, store.picture(named: item.picture) == nil else { return nil }
        let shown = "Immich at \(PhotoSource.elided(server))"
        let key: String
        switch Self.apiKey(keyFile) {
        case .success(let read): key = read
        case .failure(let problem): return problem
        }
        do throws(HTTPFailure) {
            let response = try HTTPClient.getOK(HTTPRequest(url: "\(server)/api/assets/\(asset)/thumbnail?size=preview",
                                                            headers: [("x-api-key", key)], timeout: timeout, maximumBytes: Picture.largestFile))
            do throws(Picture.Failure) {
                _ = try Picture.size(of: response.body, name: item.name)
            } catch {
                return PhotoProblem("\(shown): \(error)")
            }
            store.keep(response.body, named: item.picture, shownAs: item.name)
            return nil
        } catch {
            return PhotoProblem("\(shown): \(item.name): \(error)")
        }
    }

    /// The API key: the file's first line, trimmed. The file is the user's own (never
    /// world-writable data), read fresh at each listing so a new key needs no restart.
    static func apiKey(_ path: String) -> Result<String, PhotoProblem> {
        do throws(RegularFile.Refusal) {
            let bytes = try RegularFile.read(path, limit: largestKeyFile)
            let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first.map { String($0).trimmedOfSpaces } ?? ""
            guard !line.isEmpty, line.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                return .failure(PhotoProblem("\(path): no API key on its first line"))
            }
            return .success(line)
        } catch {
            return .failure(PhotoProblem("\(path): \(error)"))
        }
    }
}
