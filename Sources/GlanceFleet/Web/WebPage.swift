/// The web page's files, `Web/Page/index.html`, `app.js` and `app.css`, embedded in the
/// binary at build time (SwiftPM's `.embedInCode`): no CDN, works offline.
///
/// The contract with the server and the browser test is docs/web.md. The page puts no
/// inline script, style or event handler anywhere, so it runs under the strict
/// Content-Security-Policy `default-src 'self'; img-src 'self' data:; style-src 'self';
/// script-src 'self'`, and it writes server text only through `textContent`.
/// Tests/Web/mock_server.py serves the same files.
enum WebPage {
    static let html: [UInt8] = PackageResources.index_html
    static let javascript: [UInt8] = PackageResources.app_js
    static let css: [UInt8] = PackageResources.app_css
}
