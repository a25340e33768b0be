/// The stylesheet and script every page of an exported site links to, written by `export html`
/// next to the pages: no framework, nothing fetched from elsewhere.
enum SiteAssets {
    /// `--threadai-style: 1` lets the script tell that the stylesheet loaded.
    static let stylesheet = """
        :root { --threadai-style: 1; --fg: #1d1f23; --muted: #667; --bg: #fff; --panel: #f5f6f8; --line: #d8dbe0;
          --accent: #2b59c3; --user: #eef3ff; --assistant: #fff; --system: #fff8e6; --del: #ffd7d5; --ins: #d3f5da; }
        @media (prefers-color-scheme: dark) {
          :root { --fg: #e4e6ea; --muted: #99a; --bg: #16181c; --panel: #1f2228; --line: #343842; --accent: #8fb0ff;
            --user: #1c2433; --assistant: #16181c; --system: #2b2617; --del: #5c2424; --ins: #1d4a2a; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
        a { color: var(--accent); }
        header.site { padding: .6em 1.2em; border-bottom: 1px solid var(--line); background: var(--panel); }
        header.site a { font-weight: 600; text-decoration: none; }
        header.site .crumb { color: var(--muted); margin-left: .6em; }
        main { max-width: 72em; margin: 0 auto; padding: 1em 1.2em 3em; }
        h1 { font-size: 1.5em; margin: .3em 0; word-break: break-word; }
        .thread-title, .facts, .note, .family { color: var(--muted); }
        .family p { margin: .2em 0; }
        section.graph, section.compare { margin: 1em 0; padding: .6em .9em; background: var(--panel); border-radius: 6px; overflow-x: auto; }
        section h2 { font-size: 1em; margin: 0 0 .4em; }
        svg.fork-graph { display: block; font: 13px system-ui, sans-serif; }
        svg.fork-graph .edge { fill: none; stroke: var(--muted); stroke-width: 1.5; }
        svg.fork-graph circle { fill: var(--bg); stroke: var(--accent); stroke-width: 2; }
        svg.fork-graph .current circle { fill: var(--accent); }
        svg.fork-graph text { fill: var(--fg); }
        svg.fork-graph .current text { font-weight: 700; }
        svg.fork-graph a:hover text { text-decoration: underline; }
        svg.fork-graph .omitted { fill: var(--muted); font-style: italic; }
        .pager { margin: 1em 0; display: flex; gap: 1em; color: var(--muted); }
        article.message { border: 1px solid var(--line); border-radius: 6px; margin: .8em 0; padding: .2em 1em .4em; }
        article.message:target { outline: 2px solid var(--accent); }
        article.role-user { background: var(--user); }
        article.role-assistant { background: var(--assistant); }
        article.role-system { background: var(--system); }
        article.hidden-message { opacity: .65; }
        article.message > header { color: var(--muted); font-size: .85em; padding-top: .4em; }
        article.message > header .role { font-weight: 600; color: var(--fg); }
        article.message > header .position { text-decoration: none; }
        .content h1, .content h2, .content h3 { font-size: 1.1em; }
        .content h4, .content h5, .content h6 { font-size: 1em; }
        .content table { border-collapse: collapse; margin: .6em 0; }
        .content th, .content td { border: 1px solid var(--line); padding: .2em .6em; }
        .content blockquote { margin: .6em 0; padding-left: 1em; border-left: 3px solid var(--line); color: var(--muted); }
        pre { background: var(--panel); padding: .7em; border-radius: 4px; overflow-x: auto; }
        pre, code, .diff .words { font: .9em/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace; }
        pre code { font-size: 1em; }
        .files ul { display: inline; margin: 0; padding: 0; }
        .files li { display: inline; }
        .files li + li::before { content: ", "; }
        .files, .file-name { color: var(--muted); font-size: .85em; }
        .file-name { margin: .6em 0 -.7em; }
        .tag { font-weight: 600; }
        .fork-marker { font-size: .9em; border-top: 1px dashed var(--line); padding-top: .3em; }
        .fork-point { opacity: .8; }
        table.threads { width: 100%; border-collapse: collapse; }
        table.threads th, table.threads td { text-align: left; padding: .3em .5em; border-bottom: 1px solid var(--line); vertical-align: top; }
        .diff { display: grid; gap: .5em; }
        .diff-row { display: grid; grid-template-columns: 1fr 1fr; gap: .5em; }
        .diff-head { font-weight: 700; }
        .side { border: 1px solid var(--line); border-radius: 6px; padding: .4em .7em; min-width: 0; }
        .side.missing { border-style: dashed; }
        .diff-row.identical .side { opacity: .6; }
        .turn-head { color: var(--muted); font-size: .85em; }
        .words { white-space: pre-wrap; word-break: break-word; }
        del { background: var(--del); text-decoration: line-through; }
        ins { background: var(--ins); text-decoration: none; }

        """

    /// Marks `<body data-ready>` once it ran: `ok`, or `no-style` when the stylesheet did not load;
    /// `data-errors` counts script errors on the page (the headless browser test reads both).
    /// Left and right arrows (or `p` / `n`) follow the pager's links.
    static let script = """
        "use strict";
        (function () {
          var errors = 0;
          window.addEventListener("error", function () {
            errors += 1;
            document.body.setAttribute("data-errors", String(errors));
          });
          document.body.setAttribute("data-errors", "0");
          document.addEventListener("keydown", function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey) { return; }
            var rel = event.key === "ArrowLeft" || event.key === "p" ? "prev"
              : event.key === "ArrowRight" || event.key === "n" ? "next" : null;
            var link = rel ? document.querySelector(".pager a[rel=" + rel + "]") : null;
            if (link) { window.location.href = link.getAttribute("href"); }
          });
          var styled = getComputedStyle(document.documentElement).getPropertyValue("--threadai-style").trim() === "1";
          document.body.setAttribute("data-ready", styled ? "ok" : "no-style");
        })();

        """
}
