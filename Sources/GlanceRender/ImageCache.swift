import GlanceGraphics
import GlanceText
import GlanceUI
import Glibc

/// Pictures from files (`Image("name")`), decoded once and read again when the file changes.
extension ViewRenderer {
    /// A decoded PNG, cached; `nil` (logged once) when it cannot be read.
    /// The file is read again when it changes on disk (its modification time, size or
    /// inode), so a picture another program rewrites shows its new content.
    func loadImage(_ path: String) -> Canvas? {
        // A picture decoded from memory (`UIImage(data:)`).
        if path.hasPrefix(ImageMemory.prefix) {
            if let canvas = ImageMemory.canvas(named: path) { return canvas }
            fonts.log("image from memory was given up for newer ones; drawn as an empty frame")
            return nil
        }
        let version = FileVersion(path: path)
        if let cached = images[path], cached.version == version { return cached.image }
        do {
            let image = try PNG.read(path)
            images[path] = (version, image)
            return image
        } catch {
            // Logged once per version of the file, not once per frame.
            fonts.log("image \(error); drawn as an empty frame")
            images[path] = (version, nil)
            return nil
        }
    }
}

/// What identifies one version of a file's content without reading it.
struct FileVersion: Equatable {
    let device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    /// `nil` when the file cannot be examined (missing, no permission).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}
