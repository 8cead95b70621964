#!/usr/bin/env python3
"""The page's files read as what they are, before any browser sees them.

  Tests/Web/lint_page.py

index.html: every element closed in order (void elements excepted), ids unique, no
inline script, style or event handler (the page runs under script-src 'self' and
style-src 'self'), and every id docs/web.md names for the browser test present.
app.css: braces balanced outside comments and strings, every var(--name) defined.
app.js: strict mode, brackets balanced outside comments, strings and regular
expressions' simplest forms, no eval or innerHTML (server text goes in through
textContent). The JavaScript's grammar itself is the browser's: browser_check.py fails
on any console error, a syntax error among them. Standard library only; exits 1 with
one line per finding."""
import os, re, sys
from html.parser import HTMLParser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "Sources", "GlanceFleet", "Web", "Page")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
findings = []


def finding(file, line, message):
    findings.append(f"{os.path.relpath(os.path.join(PAGE, file), ROOT)}:{line}: {message}")


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open = []
        self.ids = {}

    def handle_starttag(self, tag, attrs):
        line = self.getpos()[0]
        for name, value in attrs:
            if name.startswith("on"):
                finding("index.html", line, f"<{tag}> has an inline event handler ({name}=); bind it in app.js")
            if name == "style":
                finding("index.html", line, f"<{tag}> has an inline style; put it in app.css")
            if name == "id":
                if value in self.ids:
                    finding("index.html", line, f"id {value!r} is used again (first on line {self.ids[value]})")
                self.ids[value] = line
        if tag == "script" and not dict(attrs).get("src"):
            finding("index.html", line, "an inline <script>; the page's script is app.js")
        if tag == "style":
            finding("index.html", line, "an inline <style>; the page's style is app.css")
        if tag not in VOID:
            self.open.append((tag, line))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag):
        line = self.getpos()[0]
        if tag in VOID:
            finding("index.html", line, f"</{tag}>: {tag} has no end tag")
            return
        if not self.open:
            finding("index.html", line, f"</{tag}> closes nothing")
            return
        opened, at = self.open.pop()
        if opened != tag:
            finding("index.html", line, f"</{tag}> closes <{opened}> of line {at}")


def strip_css(text):
    """The CSS without comments and strings, line breaks kept."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    return re.sub(r"\"[^\"\n]*\"|'[^'\n]*'", "\"\"", text)


def balance(file, text, pairs):
    stack = []
    for number, line in enumerate(text.split("\n"), 1):
        for char in line:
            if char in pairs:
                stack.append((char, number))
            elif char in pairs.values():
                if not stack or pairs[stack[-1][0]] != char:
                    finding(file, number, f"{char!r} closes nothing open" if not stack else f"{char!r} closes {stack[-1][0]!r} of line {stack[-1][1]}")
                    return
                stack.pop()
    for char, number in stack:
        finding(file, number, f"{char!r} is never closed")


def strip_js(text):
    """The script without comments, strings, template literals' text and simple regular
    expression literals, line breaks kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            out.append("\n" * text[i:j].count("\n"))
            i = j + 2
        elif c in "\"'`":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + "\n" * text[i:j].count("\n") + c)
            i = j + 1
        elif c == "/" and (("".join(out[-40:]).rstrip() or "\n")[-1] in "=(,:;!&|?{}[>\n" or "".join(out[-40:]).rstrip().endswith("return")):
            j = i + 1
            while j < n and text[j] not in "/\n":
                j += 2 if text[j] == "\\" else 1
            out.append("/re/")
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def main():
    html = open(os.path.join(PAGE, "index.html"), encoding="utf-8").read()
    page = Page()
    page.feed(html)
    page.close()
    for tag, line in page.open:
        finding("index.html", line, f"<{tag}> is never closed")
    docs = open(os.path.join(ROOT, "docs", "web.md"), encoding="utf-8").read()
    elements = docs.split("## The page's elements", 1)[-1].split("\n## ", 1)[0]
    for name in sorted(set(re.findall(r"`#([\w-]+)", elements))):
        if name not in page.ids:
            finding("index.html", 1, f"no element #{name}, which docs/web.md names for the browser test")

    css = strip_css(open(os.path.join(PAGE, "app.css"), encoding="utf-8").read())
    balance("app.css", css, {"{": "}", "(": ")"})
    defined = set(re.findall(r"(--[\w-]+)\s*:", css))
    for number, line in enumerate(css.split("\n"), 1):
        for name in re.findall(r"var\((--[\w-]+)", line):
            if name not in defined:
                finding("app.css", number, f"var({name}) is never defined")

    script = open(os.path.join(PAGE, "app.js"), encoding="utf-8").read()
    if not script.lstrip().startswith("'use strict';"):
        finding("app.js", 1, "the script does not begin with 'use strict';")
    code = strip_js(script)
    balance("app.js", code, {"{": "}", "(": ")", "[": "]"})
    for number, line in enumerate(code.split("\n"), 1):
        for word in ("eval(", "innerHTML", "outerHTML", "document.write"):
            if word in line:
                finding("app.js", number, f"{word.rstrip('(')}: server text goes into the page only through textContent")

    for line in findings:
        print(line, file=sys.stderr)
    if findings:
        sys.exit(1)
    print("lint_page: index.html, app.css and app.js read as what they are")


if __name__ == "__main__":
    main()
