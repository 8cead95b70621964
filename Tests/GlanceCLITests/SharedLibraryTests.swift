import GlanceSystem
import Testing

/// The line `glance check` gives for a library opened on demand that does not open.
@Suite struct SharedLibraryTests {
    @Test func aLibraryThatOpensSaysNothing() {
        #expect(SharedLibrary.opened("libc.so.6", package: "libc6").missingLine(neededBy: "slot sky (weather)") == nil)
    }

    @Test func aMissingLibraryIsOneLineNamingWhatNeedsItAndThePackage() {
        let library = SharedLibrary.opened("libglance-absent.so.9", package: "libglance-absent9")
        #expect(library.missingLine(neededBy: "mqtt:") == "mqtt: needs libglance-absent.so.9: libglance-absent.so.9 cannot be loaded "
            + "(libglance-absent.so.9: cannot open shared object file: No such file or directory); install libglance-absent9")
    }
}
