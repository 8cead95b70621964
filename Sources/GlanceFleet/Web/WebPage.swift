/// The web page's files, embedded: no CDN, works offline.
enum WebPage {
    static let html = #"<!doctype html><title>Glance</title><link rel="stylesheet" href="/ui/app.css"><img id="frame" alt="the frame"><script src="/ui/app.js"></script>"#
    static let css = "img { image-rendering: pixelated; }"
    static let javascript = #"fetch('/ui/state').then(r => r.json()).then(s => { document.getElementById('frame').src = '/ui/frame.png?v=' + s.frame.version; });"#
}
