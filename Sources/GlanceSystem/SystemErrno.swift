import Glibc

/// An errno, said one way everywhere: the C library's words for it (`strerror`). Errors
/// from a system call keep the number and say it through this, rather than each
/// formatting `strerror` by hand.
package struct SystemErrno: Error, Hashable, Sendable, CustomStringConvertible {
    package let code: Int32

    package init(_ code: Int32) { self.code = code }

    /// The calling thread's errno now (read it right after the call that failed).
    package static var current: SystemErrno { SystemErrno(errno) }

    package var description: String { String(cString: strerror(code)) }
}

/// Calls `call` again while it fails with EINTR (a signal arrived before it did
/// anything): the result of the first call that was not interrupted, its errno intact.
@inlinable
package func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}
