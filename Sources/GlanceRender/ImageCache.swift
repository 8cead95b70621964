import GlanceGraphics
import GlanceText
import GlanceUI
import Glibc

/// Pictures from files (`Image("name")`, `Image("/photos/a.jpg")`) and from memory,
/// decoded once and read again when the file changes.
///
/// A picture is decoded at the size it is drawn (`Picture.decode(covering:)`): a photo
/// of 24 megapixels drawn into a 400×240 slot costs about 400×267 pixels, not 24
/// million. Layout needs only its size, read from its header; the file's bytes read for
/// it are kept until the frame is drawn, so a picture's first frame reads it once.
extension ViewRenderer {
    /// The picture at `path` decoded to cover `box` pixels (nil: its own size), cached
    /// per version of the file; `nil` (logged once) when it cannot be read.
    /// The file is read again when it changes on disk (its modification time, size or
    /// inode), so a picture another program rewrites shows its new content.
    func loadImage(_ path: String, covering box: (width: Int, height: Int)? = nil) -> Canvas? {
        // A picture decoded from memory (`UIImage(data:)`).
        if path.hasPrefix(ImageMemory.prefix) {
            if let canvas = ImageMemory.canvas(named: path) { return canvas }
            fonts.log("image from memory was given up for newer ones; drawn as an empty frame")
            return nil
        }
        let version = PictureVersion(path: path)
        if let cached = images[path], cached.version == version, cached.serves(box) { return cached.image }
        // Its size first (from the header): what `box` asks of it depends on it.
        guard let size = imageSize(path) else { return nil }
        do {
            let image: Canvas
            if let read = readForLayout.removeValue(forKey: path), read.version == version {
                image = try Picture.decode(read.bytes, name: read.name, covering: box)
            } else {
                if PictureStore.shared.picture(named: path) == nil { statistics.pictureFileReads += 1 }
                image = try Self.pictureBytes(path) { bytes, name throws(Picture.Failure) in try Picture.decode(bytes, name: name, covering: box) }
            }
            images[path] = CachedPicture(version: version, image: image, size: size, box: box)
            return image
        } catch {
            // Logged once per version of the file, not once per frame.
            fonts.log("image \(error); drawn as an empty frame")
            images[path] = CachedPicture(version: version, image: nil, size: nil, box: box, problem: error.description)
            return nil
        }
    }

    /// The picture's own size in pixels (upright), from its header where it has one.
    func imageSize(_ path: String) -> (width: Int, height: Int)? {
        if path.hasPrefix(ImageMemory.prefix) { return ImageMemory.canvas(named: path).map { ($0.width, $0.height) } }
        let version = PictureVersion(path: path)
        if let cached = images[path], cached.version == version {
            if let size = cached.size { return size }
            if cached.problem != nil { return nil }
        }
        let fromFile = PictureStore.shared.picture(named: path) == nil
        if fromFile { statistics.pictureFileReads += 1 }
        do {
            let size = try Self.pictureBytes(path) { bytes, name throws(Picture.Failure) in
                let size = try Picture.size(of: bytes, name: name)
                // A file's bytes wait for the drawing that follows the layout.
                if fromFile { readForLayout[path] = PictureRead(version: version, bytes: bytes, name: name) }
                return size
            }
            images[path] = CachedPicture(version: version, image: nil, size: size, box: nil)
            return size
        } catch {
            fonts.log("image \(error); drawn as an empty frame")
            images[path] = CachedPicture(version: version, image: nil, size: nil, box: nil, problem: error.description)
            return nil
        }
    }

    /// The bytes of a file, or of a picture kept in memory (`PictureStore`), handed to `use`.
    private static func pictureBytes<T>(_ path: String, _ use: ([UInt8], String) throws(Picture.Failure) -> T) throws(Picture.Failure) -> T {
        if let kept = PictureStore.shared.picture(named: path) { return try use(kept.bytes, kept.shownName) }
        if path.hasPrefix(PictureStore.prefix) {
            throw Picture.Failure(name: "picture", reason: "no longer kept (its source is read again at the next refresh)")
        }
        return try use(try Picture.fileBytes(path), path)
    }
}

/// A picture file's bytes as read for its size, waiting for the frame to be drawn.
struct PictureRead {
    let version: PictureVersion?
    let bytes: [UInt8]
    let name: String
}

/// One picture as the renderer keeps it.
struct CachedPicture {
    let version: PictureVersion?
    let image: Canvas?
    /// Its own size, upright, when known.
    let size: (width: Int, height: Int)?
    /// The box it was decoded to cover (nil: its own size).
    let box: (width: Int, height: Int)?
    /// Why this version could not be read.
    var problem: String? = nil

    /// Whether this serves a drawing that must cover `wanted` (nil: at its own size): a
    /// picture decoded at least that large, or a failure (the same version fails again).
    func serves(_ wanted: (width: Int, height: Int)?) -> Bool {
        if problem != nil { return true }
        guard let image, let size else { return false }
        let needed = wanted.map { Picture.coveringSize(width: size.width, height: size.height, box: $0) } ?? size
        return image.width >= needed.width && image.height >= needed.height
    }
}

/// What identifies one version of a picture without reading it: a file's device, inode,
/// size and modification time, or a kept picture's generation.
struct PictureVersion: Equatable {
    let device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    /// `nil` when the file cannot be examined (missing, no permission).
    init?(path: String) {
        if let kept = PictureStore.shared.picture(named: path) {
            (device, inode, size, seconds, nanoseconds) = (0, kept.generation, Int64(kept.bytes.count), 0, 0)
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}
