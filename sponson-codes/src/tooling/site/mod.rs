//! The error index site: static HTML pages generated from a catalog, one
//! index of every code with a search box, and one page per code, as rustc's
//! error index has; plus the site's `llms.txt`.
//!
//! The renderer is pure: a [`Catalog`] in, a list of files out
//! ([`render_site`]); the companion's `site` command writes them (or, with
//! `--check`, compares them).
//!
//! # The layout
//!
//! One program's catalog:
//!
//! ```text
//! index.html        every code: code, meaning, exit, HTTP status, retryable; a search box
//! LOCK_HELD.html    one page per code string (see page_file for the name)
//! llms.txt          the index for language models (llmstxt.org)
//! style.css         the one style sheet
//! search.js         the search box's script, the only script
//! ```
//!
//! A merged catalog ([`merge`](crate::companion::catalog::merge)) puts each program's
//! pages in a directory of its name, laid out as above, under an index of
//! every program's codes:
//!
//! ```text
//! index.html  llms.txt  style.css  search.js
//! plan/index.html  plan/LOCK_HELD.html  plan/llms.txt  plan/style.css  plan/search.js
//! service/...
//! ```
//!
//! So `#[codes(url = "https://example.com/errors/{code}.html")]` points at
//! the code pages of a site published at `https://example.com/errors/`
//! (`.../errors/plan/{code}.html` for program `plan` of a merged site), and
//! `https://example.com/errors/index.html#{code}` at the code's row of the
//! index, for every code whatever its name.
//!
//! # What a page is made of
//!
//! Plain static files that work from `file://` as from any static host:
//! no request to anywhere (no font, no image, no script from elsewhere; a
//! Content-Security-Policy allows nothing but the folder's own style sheet
//! and script), readable without JavaScript (the search box appears only
//! with it), landmarks, headings, a skip link, a labelled search box and
//! colours of AA contrast. Every text is HTML-escaped, and markdown
//! (explanations, docs, hints) is written so that raw HTML shows as text and
//! a link runs nothing; see the module `html`.

mod html;
mod llms;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use self::html::{escape_html, line, markdown, Shape};
use crate::catalog::LIBRARY_VERSION;
use crate::escape::escape_line;
use crate::tooling::catalog::{Catalog, CodeEntry, EnumEntry};

/// The style sheet of every folder of the site.
const STYLE: &str = include_str!("assets/style.css");

/// The search box's script, beside every index.
const SEARCH: &str = include_str!("assets/search.js");

/// What a site says besides its codes.
///
/// ```
/// use sponson_codes::companion::site::SiteOptions;
///
/// let options = SiteOptions::new()
///     .title("Errors of plan")
///     .regenerate("sponson-codes site --bin target/debug/plan");
/// assert_eq!(options.title_text(), "Errors of plan");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SiteOptions {
    title: Option<String>,
    regenerate: Option<String>,
    /// Each locale's messages, in the order given: the locale's tag, and
    /// each code's message in it.
    messages: Vec<(String, BTreeMap<String, String>)>,
}

impl SiteOptions {
    /// The default: titled "Error codes", naming no command.
    pub fn new() -> SiteOptions {
        SiteOptions::default()
    }

    /// The site's title, the index's heading ("Error codes" by default).
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> SiteOptions {
        self.title = Some(title.into());
        self
    }

    /// The command that regenerates the site, named in a comment at the top
    /// of every page, as the markdown docs name theirs.
    #[must_use]
    pub fn regenerate(mut self, command: impl Into<String>) -> SiteOptions {
        self.regenerate = Some(command.into());
        self
    }

    /// Each code's message in `locale` (a language tag such as `de`), as
    /// the program's Fluent files write it, placeables and all
    /// (`{ $scope }`): shown, as text, on the code's page under "In other
    /// languages", one entry per locale in the order given (a locale given
    /// again adds to its messages). A code with no message in any locale
    /// shows no such section, and a site given no messages is as before.
    /// The companion's `site --locales DIR` gives each locale of `DIR`
    /// ([`Messages::text`](crate::profile::fluent::Messages::text) of every
    /// code, feature `fluent`). In a merged site, a message goes on the
    /// page of its code string in every program.
    ///
    /// ```
    /// use sponson_codes::companion::catalog::Catalog;
    /// use sponson_codes::companion::site::{render_site, SiteOptions};
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    ///
    /// #[derive(ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let catalog = Catalog::from_enums(&[Code::ENUM]);
    /// let options = SiteOptions::new().messages("de", [("INTERNAL", "Ein <b>Fehler</b>.")]);
    /// let files = render_site(&catalog, &options);
    /// let page = files.iter().find(|f| f.path == "INTERNAL.html").unwrap();
    /// assert!(page.contents.contains("<dt>de</dt><dd lang=\"de\">Ein &lt;b&gt;Fehler&lt;/b&gt;.</dd>"));
    /// ```
    #[must_use]
    pub fn messages<C, T>(
        mut self,
        locale: impl Into<String>,
        messages: impl IntoIterator<Item = (C, T)>,
    ) -> SiteOptions
    where
        C: Into<String>,
        T: Into<String>,
    {
        let locale = locale.into();
        let index = match self.messages.iter().position(|(l, _)| *l == locale) {
            Some(index) => index,
            None => {
                self.messages.push((locale, BTreeMap::new()));
                self.messages.len() - 1
            }
        };
        let texts = &mut self.messages[index].1;
        for (code, text) in messages {
            texts.insert(code.into(), text.into());
        }
        self
    }

    /// The title shown.
    pub fn title_text(&self) -> &str {
        self.title.as_deref().unwrap_or("Error codes")
    }
}

/// One file of a site: its path inside the site's folder (`/`-separated,
/// relative) and its contents.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SiteFile {
    /// `index.html`, `LOCK_HELD.html`, `plan/llms.txt`, ...
    pub path: String,
    /// The file's text (UTF-8).
    pub contents: String,
}

/// The file name of `code`'s page: `<code>.html`, with what a file name or a
/// URL cannot hold mapped, the same way every time.
///
/// - `::` (miette's codes, `my_app::config::missing`) becomes `~`:
///   `my_app~config~missing.html`; a `:` is not allowed in a Windows file
///   name, and opens a scheme in a relative URL.
/// - A name a file cannot have everywhere gets a leading `~`: one that starts
///   with `.` (a hidden file, which hosts refuse to serve), `index` (the
///   index's own name) and the names Windows reserves for devices (`CON`,
///   `PRN`, `AUX`, `NUL`, `COM1` to `COM9`, `LPT1` to `LPT9`), in any case:
///   `~index.html`, `~NUL.html`, `~.hidden.html`.
/// - Everything else, `.` inside a code included (`auth.expired.html`), is
///   kept, so `{code}.html` in a URL template names the page.
///
/// Codes never hold `~`, so two codes never share a name; a code that
/// differs from another only in case gets a name that differs only in case,
/// which a case-insensitive file system (macOS's, Windows') keeps as one.
///
/// ```
/// use sponson_codes::companion::site::page_file;
///
/// assert_eq!(page_file("LOCK_HELD"), "LOCK_HELD.html");
/// assert_eq!(page_file("auth.expired"), "auth.expired.html");
/// assert_eq!(page_file("my_app::config::missing"), "my_app~config~missing.html");
/// assert_eq!(page_file("Index"), "~Index.html");
/// assert_eq!(page_file("nul"), "~nul.html");
/// ```
pub fn page_file(code: &str) -> String {
    let name = code.replace("::", "~");
    let lower = name.to_ascii_lowercase();
    let device = ["con", "prn", "aux", "nul"].contains(&lower.as_str())
        || ((lower.starts_with("com") || lower.starts_with("lpt"))
            && lower.len() == 4
            && matches!(lower.as_bytes()[3], b'1'..=b'9'));
    if name.starts_with('.') || lower == "index" || device {
        format!("~{name}.html")
    } else {
        format!("{name}.html")
    }
}

/// Renders the site of `catalog`: every file, in a fixed order, the same
/// bytes for the same catalog and options.
///
/// A merged catalog (one with [`Catalog::programs`]) gets an index of every
/// program's codes and a folder per program; one program's catalog gets
/// its pages at the top.
///
/// ```
/// use sponson_codes::companion::catalog::Catalog;
/// use sponson_codes::companion::site::{render_site, SiteOptions};
///
/// let catalog = Catalog::from_enums(&sponson_codes::registry::documented());
/// let files = render_site(&catalog, &SiteOptions::new());
/// let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
/// assert_eq!(paths[..4], ["index.html", "llms.txt", "style.css", "search.js"]);
/// assert!(files[0].contents.starts_with("<!doctype html>\n"));
/// ```
pub fn render_site(catalog: &Catalog, options: &SiteOptions) -> Vec<SiteFile> {
    let programs = programs(catalog);
    let site = Site {
        options,
        programs: &programs,
        merged: !catalog.programs.is_empty(),
    };
    let mut files = Vec::new();
    if site.merged {
        files.push(file("index.html", site.merged_index()));
        files.push(file("llms.txt", llms::merged(&site)));
        files.push(file("style.css", STYLE.to_owned()));
        files.push(file("search.js", SEARCH.to_owned()));
    }
    for program in &programs {
        let dir = &program.dir;
        files.push(file(&format!("{dir}index.html"), site.index(program)));
        files.push(file(
            &format!("{dir}llms.txt"),
            llms::program(&site, program),
        ));
        files.push(file(&format!("{dir}style.css"), STYLE.to_owned()));
        files.push(file(&format!("{dir}search.js"), SEARCH.to_owned()));
        for page in &program.pages {
            files.push(file(
                &format!("{dir}{}", page_file(page.code)),
                site.code_page(program, page),
            ));
        }
        for (old, new) in program.moved() {
            files.push(file(
                &format!("{dir}{}", page_file(old)),
                site.moved_page(old, new),
            ));
        }
    }
    files
}

fn file(path: &str, contents: String) -> SiteFile {
    SiteFile {
        path: path.to_owned(),
        contents,
    }
}

/// One program's part of a site.
pub(crate) struct Program<'a> {
    /// Its name in a merged site; `None` for one program's site.
    pub(crate) name: Option<&'a str>,
    /// Its folder inside the site, `""` or `plan/`.
    pub(crate) dir: String,
    /// Its enums, error codes first, each with its codes in declaration order.
    pub(crate) enums: Vec<(&'a EnumEntry, Vec<&'a CodeEntry>)>,
    /// One page per code string, in the order of the enums.
    pub(crate) pages: Vec<Page<'a>>,
    /// Where each code's page is in `pages`.
    at: BTreeMap<&'a str, usize>,
}

impl<'a> Program<'a> {
    /// Each old name (`alias`) of the program's codes that no code of it
    /// has now, with the code it names: its page at the old address sends
    /// the reader on. The catalog reader has checked that old names are
    /// code strings, so their file names are as safe as the codes'.
    fn moved(&self) -> Vec<(&'a str, &'a str)> {
        let mut moved: Vec<(&str, &str)> = Vec::new();
        for (_, codes) in &self.enums {
            for c in codes {
                for alias in &c.aliases {
                    let taken = self.at.contains_key(alias.as_str())
                        || moved.iter().any(|(old, _)| old == alias);
                    if !taken {
                        moved.push((alias, &c.code));
                    }
                }
            }
        }
        moved
    }
}

/// One code string's page: every definition of it in the program.
pub(crate) struct Page<'a> {
    pub(crate) code: &'a str,
    pub(crate) definitions: Vec<(&'a EnumEntry, &'a CodeEntry)>,
}

fn programs(catalog: &Catalog) -> Vec<Program<'_>> {
    let names: Vec<Option<&str>> = match catalog.programs.is_empty() {
        true => vec![None],
        false => catalog
            .programs
            .iter()
            .map(|p| Some(p.name.as_str()))
            .collect(),
    };
    names
        .into_iter()
        .map(|name| {
            let mut enums: Vec<(&EnumEntry, Vec<&CodeEntry>)> = catalog
                .enums
                .iter()
                .filter(|e| e.program.as_deref() == name)
                .map(|e| {
                    let codes = catalog
                        .codes
                        .iter()
                        .filter(|c| {
                            c.enum_path == e.path
                                && c.crate_name == e.crate_name
                                && c.program == e.program
                        })
                        .collect();
                    (e, codes)
                })
                .collect();
            // Error codes first, as the markdown docs have them.
            enums.sort_by_key(|(e, _)| e.kind == "warnings");
            let mut pages: Vec<Page<'_>> = Vec::new();
            let mut at: BTreeMap<&str, usize> = BTreeMap::new();
            for (e, codes) in &enums {
                for c in codes {
                    match at.get(c.code.as_str()) {
                        Some(&i) => pages[i].definitions.push((*e, *c)),
                        None => {
                            at.insert(&c.code, pages.len());
                            pages.push(Page {
                                code: &c.code,
                                definitions: vec![(*e, *c)],
                            });
                        }
                    }
                }
            }
            Program {
                name,
                dir: name.map_or_else(String::new, |n| format!("{n}/")),
                enums,
                pages,
                at,
            }
        })
        .collect()
}

/// A site being rendered.
pub(crate) struct Site<'a> {
    pub(crate) options: &'a SiteOptions,
    pub(crate) programs: &'a [Program<'a>],
    pub(crate) merged: bool,
}

/// What frames a page's main content.
struct Frame<'a> {
    /// The `<title>`, plain text.
    title: String,
    /// The meta description, plain text.
    description: String,
    /// The breadcrumb's links, outermost first: (text, href); the page
    /// itself is the last, without a link.
    crumbs: Vec<(String, Option<String>)>,
    main: String,
    /// Whether the page has the search box.
    search: bool,
    /// Where `llms.txt` of this folder is.
    llms: &'a str,
}

impl Site<'_> {
    fn title(&self) -> &str {
        self.options.title_text()
    }

    /// A whole page: the document, its head, header, main and footer.
    fn page(&self, frame: Frame<'_>) -> String {
        let mut out = String::with_capacity(frame.main.len() + 2048);
        out.push_str("<!doctype html>\n");
        if let Some(command) = &self.options.regenerate {
            // Nothing in it may end the comment early (`-->`, `--!>`) or
            // open another: without `<` and `>`, nothing can.
            let command = escape_line(command)
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            let _ = writeln!(
                out,
                "<!-- Generated by sponson-codes; do not edit. Regenerate with: {command} -->"
            );
        }
        let _ = write!(
            out,
            concat!(
                "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
                // Nothing but this folder's style sheet and script: no
                // request leaves it, and no inline script runs.
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self'; script-src 'self'; img-src data:; base-uri 'none'; form-action 'none'\">\n",
                "<meta name=\"referrer\" content=\"no-referrer\">\n",
                "<meta name=\"generator\" content=\"sponson-codes {version}\">\n",
                "<title>{title}</title>\n",
                "<meta name=\"description\" content=\"{description}\">\n",
                // No icon: a browser would ask the host's root for one.
                "<link rel=\"icon\" href=\"data:,\">\n",
                "<link rel=\"stylesheet\" href=\"style.css\">\n",
                "</head>\n<body>\n",
                "<a class=\"skip\" href=\"#main\">Skip to the content</a>\n",
                "<header class=\"top\">\n<nav aria-label=\"Breadcrumb\">\n<ol class=\"crumbs\">\n",
            ),
            version = LIBRARY_VERSION,
            title = line(&frame.title),
            description = line(&frame.description),
        );
        let last = frame.crumbs.len().saturating_sub(1);
        for (i, (text, href)) in frame.crumbs.iter().enumerate() {
            match href {
                Some(href) if i != last => {
                    let _ = writeln!(out, "<li><a href=\"{}\">{text}</a></li>", escape_html(href));
                }
                _ => {
                    let _ = writeln!(out, "<li><span aria-current=\"page\">{text}</span></li>");
                }
            }
        }
        out.push_str("</ol>\n</nav>\n</header>\n<main id=\"main\">\n");
        out.push_str(&frame.main);
        let _ = write!(
            out,
            concat!(
                "</main>\n<footer class=\"bottom\">\n<p>Generated by sponson-codes {version} from the programs' catalogs. ",
                "For language models: <a href=\"{llms}\">llms.txt</a>.</p>\n</footer>\n",
            ),
            version = LIBRARY_VERSION,
            llms = frame.llms,
        );
        if frame.search {
            out.push_str("<script src=\"search.js\"></script>\n");
        }
        out.push_str("</body>\n</html>\n");
        out
    }

    /// The page at an old name's address: a link to the code's page, which
    /// a browser follows at once.
    fn moved_page(&self, old: &str, new: &str) -> String {
        let href = escape_html(&page_file(new));
        let (old, new) = (line(old), line(new));
        let mut out = String::from("<!doctype html>\n");
        let _ = write!(
            out,
            concat!(
                "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; base-uri 'none'; form-action 'none'\">\n",
                "<meta name=\"referrer\" content=\"no-referrer\">\n",
                "<meta http-equiv=\"refresh\" content=\"0; url={href}\">\n",
                "<link rel=\"canonical\" href=\"{href}\">\n",
                "<title>{old} is now {new}</title>\n",
                "</head>\n<body>\n",
                "<p><code>{old}</code> was renamed: it is now <a href=\"{href}\"><code>{new}</code></a>, and programs still read the old name as it.</p>\n",
                "</body>\n</html>\n",
            ),
            href = href,
            old = old,
            new = new,
        );
        out
    }

    /// The breadcrumb above a program's pages: the merged index, then the
    /// program's own.
    fn crumbs(&self, program: &Program<'_>) -> Vec<(String, Option<String>)> {
        let mut crumbs = Vec::new();
        if self.merged {
            crumbs.push((line(self.title()), Some("../index.html".to_owned())));
        }
        let name = match program.name {
            Some(name) => line(name),
            None => line(self.title()),
        };
        crumbs.push((name, Some("index.html".to_owned())));
        crumbs
    }

    /// A program's index: its codes, enum by enum.
    fn index(&self, program: &Program<'_>) -> String {
        let heading = match program.name {
            Some(name) => format!("{}: {name}", self.title()),
            None => self.title().to_owned(),
        };
        let count = count_codes(std::slice::from_ref(program));
        let mut main = String::new();
        let _ = writeln!(main, "<h1>{}</h1>", line(&heading));
        let _ = writeln!(
            main,
            "<p class=\"lead\">{}. Each code links to its page: what it means, its exit status, and what to do.</p>",
            count_words(count, program.enums.len())
        );
        main.push_str(SEARCH_BOX);
        main.push_str("<div id=\"codes\">\n");
        let mut ids = Ids::default();
        for (i, (e, codes)) in program.enums.iter().enumerate() {
            let _ = writeln!(
                main,
                "<section class=\"group\" data-group aria-labelledby=\"enum-{i}\">\n<h2 id=\"enum-{i}\">{}<code>{}</code></h2>",
                kind_words(e),
                line(&e.path)
            );
            if !e.explain.trim().is_empty() {
                main.push_str(&markdown(&e.explain, Shape::Blocks(3)));
            }
            codes_table(&mut main, e, codes, "", Some(&mut ids));
            main.push_str("</section>\n");
        }
        main.push_str(NO_MATCH);
        main.push_str("</div>\n");
        let mut crumbs = self.crumbs(program);
        crumbs.last_mut().expect("a program's crumb").1 = None;
        self.page(Frame {
            title: heading,
            description: format!(
                "Every error code of {}: what each means, its exit status, and what to do.",
                self.of(program)
            ),
            crumbs,
            main,
            search: true,
            llms: "llms.txt",
        })
    }

    /// "the program" or "plan".
    fn of(&self, program: &Program<'_>) -> String {
        match program.name {
            Some(name) => name.to_owned(),
            None => "the program".to_owned(),
        }
    }

    /// The index of a merged site: every program's codes.
    fn merged_index(&self) -> String {
        let count = count_codes(self.programs);
        let enums = self.programs.iter().map(|p| p.enums.len()).sum();
        let mut main = String::new();
        let _ = writeln!(main, "<h1>{}</h1>", line(self.title()));
        let names: Vec<String> = self
            .programs
            .iter()
            .filter_map(|p| p.name)
            .map(|n| format!("<a href=\"{n}/index.html\">{n}</a>"))
            .collect();
        let _ = writeln!(
            main,
            "<p class=\"lead\">{} of {}: {}. Each code links to its page: what it means, its exit status, and what to do.</p>",
            count_words(count, enums),
            plural(self.programs.len(), "program"),
            names.join(", ")
        );
        main.push_str(SEARCH_BOX);
        main.push_str("<div id=\"codes\">\n");
        let mut group = 0;
        // Row ids across programs: a code string's first row has it.
        let mut ids = Ids::default();
        for program in self.programs {
            let name = program.name.unwrap_or_default();
            let _ = writeln!(
                main,
                "<section class=\"group program\" data-group aria-labelledby=\"program-{name}\">\n<h2 id=\"program-{name}\"><a href=\"{name}/index.html\">{name}</a></h2>"
            );
            for (e, codes) in &program.enums {
                let _ = writeln!(
                    main,
                    "<section class=\"group\" data-group aria-labelledby=\"enum-{group}\">\n<h3 id=\"enum-{group}\">{}<code>{}</code></h3>",
                    kind_words(e),
                    line(&e.path)
                );
                group += 1;
                codes_table(&mut main, e, codes, &program.dir, Some(&mut ids));
                main.push_str("</section>\n");
            }
            main.push_str("</section>\n");
        }
        main.push_str(NO_MATCH);
        main.push_str("</div>\n");
        self.page(Frame {
            title: self.title().to_owned(),
            description: format!(
                "Every error code of {}: what each means, its exit status, and what to do.",
                plural(self.programs.len(), "program")
            ),
            crumbs: vec![(line(self.title()), None)],
            main,
            search: true,
            llms: "llms.txt",
        })
    }

    /// One code's page.
    fn code_page(&self, program: &Program<'_>, page: &Page<'_>) -> String {
        let mut main = String::new();
        let _ = writeln!(main, "<h1><code>{}</code></h1>", line(page.code));
        let several = page.definitions.len() > 1;
        if several {
            let _ = writeln!(
                main,
                "<p class=\"lead\">Declared by {} enums of {}; each definition follows.</p>",
                page.definitions.len(),
                self.of(program)
            );
        }
        for (e, c) in &page.definitions {
            if several {
                let _ = writeln!(
                    main,
                    "<section aria-label=\"In {path}\">\n<h2>In <code>{path}</code></h2>",
                    path = line(&e.path)
                );
            }
            definition(&mut main, e, c, if several { 3 } else { 2 });
            if several {
                main.push_str("</section>\n");
            }
        }
        self.languages(&mut main, page.code);
        if self.merged {
            self.elsewhere(&mut main, program, page);
        }
        let mut crumbs = self.crumbs(program);
        crumbs.push((format!("<code>{}</code>", line(page.code)), None));
        let doc = page.definitions.first().map_or("", |(_, c)| c.doc.as_str());
        let mut title = format!("{} · ", page.code);
        if let Some(name) = program.name {
            title.push_str(&format!("{name} · "));
        }
        title.push_str(self.title());
        self.page(Frame {
            title,
            description: doc.to_owned(),
            crumbs,
            main,
            search: false,
            llms: "llms.txt",
        })
    }

    /// The code's message in each locale that has one, as text: the Fluent
    /// files are the program's, not the site's, so nothing in them is markup.
    fn languages(&self, main: &mut String, code: &str) {
        let mut items = String::new();
        for (locale, texts) in &self.options.messages {
            if let Some(text) = texts.get(code) {
                let _ = writeln!(
                    items,
                    "<dt>{tag}</dt><dd lang=\"{tag}\">{text}</dd>",
                    tag = line(locale),
                    text = line(text)
                );
            }
        }
        if items.is_empty() {
            return;
        }
        let _ = writeln!(
            main,
            concat!(
                "<section aria-labelledby=\"languages\">\n<h2 id=\"languages\">In other languages</h2>\n",
                "<p>The message in each locale the program ships, as its Fluent files write it: <code>{{ $name }}</code> is the code&#39;s detail <code>name</code>.</p>\n",
                "<dl class=\"facts\">\n{}</dl>\n</section>",
            ),
            items
        );
    }

    /// The same code in the other programs of a merged site.
    fn elsewhere(&self, main: &mut String, program: &Program<'_>, page: &Page<'_>) {
        let mut items = Vec::new();
        for other in self.programs {
            if other.name == program.name {
                continue;
            }
            let Some(found) = other.at.get(page.code).map(|&i| &other.pages[i]) else {
                continue;
            };
            let (_, c) = found.definitions[0];
            let name = other.name.unwrap_or_default();
            items.push(format!(
                "<li><a href=\"../{name}/{file}\">{name}</a>: {facts}. {doc}</li>",
                file = escape_html(&page_file(page.code)),
                facts = short_facts(c),
                doc = markdown(&c.doc, Shape::Inline)
            ));
        }
        if items.is_empty() {
            return;
        }
        let _ = writeln!(
            main,
            "<section aria-labelledby=\"elsewhere\">\n<h2 id=\"elsewhere\">In other programs</h2>\n<p>The same code string, declared by other programs of this site.</p>\n<ul>\n{}\n</ul>\n</section>",
            items.join("\n")
        );
    }
}

/// The search box: shown by its script, so a page read without JavaScript
/// has no box that does nothing.
const SEARCH_BOX: &str = concat!(
    "<div class=\"search\" id=\"search\" role=\"search\" hidden>\n",
    "<label for=\"filter\">Filter the codes</label>\n",
    "<input id=\"filter\" type=\"search\" autocomplete=\"off\" spellcheck=\"false\" aria-describedby=\"filter-help\" aria-controls=\"codes\">\n",
    "<p id=\"filter-help\" class=\"help\">Matches the code, its meaning, exit and HTTP status, word by word. Press <kbd>/</kbd> to come back here.</p>\n",
    "<p id=\"shown\" class=\"help\" role=\"status\"></p>\n",
    "</div>\n",
);

/// Shown by the search script when nothing matches.
const NO_MATCH: &str = "<p id=\"none\" class=\"none\" hidden>No code matches.</p>\n";

/// Row ids of an index, one program's or a merged site's: the code itself,
/// on its first row only, so that `index.html#LOCK_HELD` finds its row.
#[derive(Default)]
struct Ids {
    seen: std::collections::HashSet<String>,
}

/// The table of an enum's codes in an index; `dir` is the folder of their
/// pages from the index (`plan/` in a merged index).
fn codes_table(
    out: &mut String,
    e: &EnumEntry,
    codes: &[&CodeEntry],
    dir: &str,
    mut ids: Option<&mut Ids>,
) {
    let errors = e.kind != "warnings";
    let http = errors && codes.iter().any(|c| c.http.is_some());
    let retryable = errors && codes.iter().any(|c| c.retryable.is_some());
    let mut head = String::from("<tr><th scope=\"col\">Code</th><th scope=\"col\">Meaning</th>");
    if errors {
        head.push_str("<th scope=\"col\" class=\"num\">Exit</th>");
    }
    if http {
        head.push_str("<th scope=\"col\" class=\"num\">HTTP</th>");
    }
    if retryable {
        head.push_str("<th scope=\"col\" class=\"yes\">Retryable</th>");
    }
    head.push_str("</tr>");
    // A long table in tables of `CHUNK` rows, each its own block, which a
    // browser lays out only when it is on screen: the search stays as fast
    // with 10,000 codes in one enum as with 200. Every table has the head,
    // the later ones with no height, so each row keeps its column headers.
    for (chunk, codes) in codes.chunks(CHUNK).enumerate() {
        let again = if chunk > 0 { " class=\"again\"" } else { "" };
        let _ = write!(
            out,
            "<div class=\"scroll chunk\" data-group><table class=\"codes\">\n<thead{again}>{head}</thead>\n<tbody>\n"
        );
        codes_rows(out, codes, dir, ids.as_deref_mut(), errors, http, retryable);
        out.push_str("</tbody>\n</table></div>\n");
    }
}

/// The most rows of one table of an index.
const CHUNK: usize = 100;

fn codes_rows(
    out: &mut String,
    codes: &[&CodeEntry],
    dir: &str,
    mut ids: Option<&mut Ids>,
    errors: bool,
    http: bool,
    retryable: bool,
) {
    for c in codes {
        let first = match ids.as_deref_mut() {
            Some(ids) => ids.seen.insert(c.code.clone()),
            None => false,
        };
        let id = match first {
            true => format!(" id=\"{}\"", escape_html(&c.code)),
            false => String::new(),
        };
        let class = if c.retired.is_some() {
            " class=\"retired\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<tr{id}{class}><th scope=\"row\"><a href=\"{dir}{file}\"><code>{code}</code></a>{tags}</th><td>{doc}</td>",
            file = escape_html(&page_file(&c.code)),
            code = line(&c.code),
            tags = tags(c),
            doc = markdown(&c.doc, Shape::Inline),
        );
        if errors {
            let _ = write!(out, "<td class=\"num\">{}</td>", c.exit);
        }
        if http {
            match c.http {
                Some(status) => {
                    let _ = write!(out, "<td class=\"num\">{status}</td>");
                }
                None => out.push_str("<td></td>"),
            }
        }
        if retryable {
            out.push_str(match c.retryable {
                Some(true) => "<td>yes</td>",
                Some(false) => "<td>no</td>",
                None => "<td></td>",
            });
        }
        out.push_str("</tr>\n");
    }
}

/// The marks after a code in the index: retired, fallback, usage, and
/// its old names, so that the search finds a code by one.
fn tags(c: &CodeEntry) -> String {
    let mut out = String::new();
    for (on, tag) in [
        (c.retired.is_some(), "retired"),
        (c.fallback, "fallback"),
        (c.usage, "usage"),
    ] {
        if on {
            let _ = write!(out, " <span class=\"tag\">{tag}</span>");
        }
    }
    for alias in &c.aliases {
        let _ = write!(out, " <span class=\"tag\">formerly {}</span>", line(alias));
    }
    out
}

/// "exit 3, HTTP 409, number 1042, retryable".
fn short_facts(c: &CodeEntry) -> String {
    let mut facts = vec![match c.warning {
        true => "a warning".to_owned(),
        false => format!("exit {}", c.exit),
    }];
    if let Some(status) = c.http {
        facts.push(format!("HTTP {status}"));
    }
    if let Some(number) = c.number {
        facts.push(format!("number {number}"));
    }
    match c.retryable {
        Some(true) => facts.push("retryable".to_owned()),
        Some(false) => facts.push("not retryable".to_owned()),
        None => {}
    }
    if c.retired.is_some() {
        facts.push("retired".to_owned());
    }
    facts.join(", ")
}

/// One definition of a code on its page, its sections' headings at `level`.
fn definition(out: &mut String, e: &EnumEntry, c: &CodeEntry, level: u8) {
    if let Some(note) = &c.retired {
        // The note is a sentence of its own: it ends with a full stop.
        let note = match note.trim() {
            "" => String::new(),
            note if note.ends_with(['.', '!', '?']) => {
                format!(" {}", markdown(note, Shape::Inline))
            }
            note => format!(" {}.", markdown(note, Shape::Inline)),
        };
        let _ = writeln!(
            out,
            "<p class=\"retired\" role=\"note\"><strong>Retired.</strong>{note} It is no longer raised, and stays listed so that it is never reused.</p>"
        );
    }
    let _ = writeln!(
        out,
        "<p class=\"doc\">{}</p>",
        markdown(&c.doc, Shape::Inline)
    );
    out.push_str("<dl class=\"facts\">\n");
    if c.warning {
        out.push_str("<dt>Exit status</dt><dd>None: a warning never fails a run or changes its exit status.</dd>\n");
    } else {
        let meaning = e
            .exits
            .iter()
            .find(|x| x.exit == c.exit)
            .map(|x| format!(": {}", line(&x.meaning)))
            .unwrap_or_default();
        let _ = writeln!(out, "<dt>Exit status</dt><dd>{}{meaning}</dd>", c.exit);
    }
    if let Some(status) = c.http {
        let _ = writeln!(
            out,
            "<dt>HTTP status</dt><dd>{status} {}</dd>",
            crate::http::problem::reason_phrase(status)
        );
    }
    if let Some(number) = c.number {
        let _ = writeln!(out, "<dt>Number</dt><dd>{number}</dd>");
    }
    if !c.aliases.is_empty() {
        let old: Vec<String> = c
            .aliases
            .iter()
            .map(|a| format!("<code>{}</code>", line(a)))
            .collect();
        let _ = writeln!(
            out,
            "<dt>Old names</dt><dd>{}: older programs report these, and readers accept them as this code.</dd>",
            old.join(", ")
        );
    }
    if let Some(from) = &c.split_from {
        let _ = writeln!(
            out,
            "<dt>Split from</dt><dd><code>{}</code>: programs written before the split report it for this failure.</dd>",
            line(from)
        );
    }
    if let Some(retryable) = c.retryable {
        out.push_str(match retryable {
            true => "<dt>Retryable</dt><dd>Yes: retrying the same request can succeed.</dd>\n",
            false => {
                "<dt>Retryable</dt><dd>No: retrying the same request fails the same way.</dd>\n"
            }
        });
    }
    if let (Some(domain), Some(grpc)) = (&e.grpc_domain, &c.grpc) {
        let _ = writeln!(
            out,
            "<dt>gRPC status</dt><dd><code>{}</code>, in domain <code>{}</code></dd>",
            line(grpc),
            line(domain)
        );
    }
    if c.fallback {
        out.push_str("<dt>Role</dt><dd>The fallback: the code of unexpected failures, and of any code a reader does not know.</dd>\n");
    }
    if c.usage {
        out.push_str(
            "<dt>Role</dt><dd>The usage code: the command line or the request is not valid.</dd>\n",
        );
    }
    let _ = writeln!(
        out,
        "<dt>Declared by</dt><dd><code>{}::{}</code>, in crate <code>{}</code></dd>",
        line(&e.path),
        line(&c.variant),
        line(&c.crate_name)
    );
    if let Some(url) = &c.url {
        if is_web(url) {
            let _ = writeln!(
                out,
                "<dt>Documentation</dt><dd><a href=\"{url}\">{url}</a></dd>",
                url = line(url)
            );
        }
    }
    out.push_str("</dl>\n");
    if let Some(hint) = &c.hint {
        let _ = writeln!(
            out,
            "<h{level}>What to do</h{level}>\n<p class=\"hint\">{}</p>",
            markdown(hint, Shape::Inline)
        );
    }
    if !c.explain.trim().is_empty() {
        let _ = writeln!(out, "<h{level}>Explanation</h{level}>");
        out.push_str("<div class=\"explain\">\n");
        out.push_str(&markdown(&c.explain, Shape::Blocks(level + 1)));
        out.push_str("</div>\n");
    }
    returned_by(out, e, c, level);
}

/// The commands, routes and tools whose declared set lists the code.
fn returned_by(out: &mut String, e: &EnumEntry, c: &CodeEntry, level: u8) {
    if e.sets.is_empty() {
        return;
    }
    let _ = writeln!(out, "<h{level}>Returned by</h{level}>");
    if c.fallback || c.usage {
        out.push_str("<p>Every command, route and tool of the enum may return it.</p>\n");
        return;
    }
    let sets: Vec<String> = e
        .sets
        .iter()
        .filter(|set| set.codes.contains(&c.code))
        .map(|set| {
            format!(
                "<li>{} <code>{}</code></li>",
                line(&set.kind),
                line(&set.name)
            )
        })
        .collect();
    if sets.is_empty() {
        out.push_str("<p>No declared command, route or tool lists it.</p>\n");
    } else {
        let _ = writeln!(out, "<ul class=\"sets\">\n{}\n</ul>", sets.join("\n"));
    }
}

/// Whether `url` is on the web: only such a URL is linked.
fn is_web(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://"))
        && crate::tooling::markdown::links::is_safe_destination(url)
}

/// "Error codes of " or "Warning codes of ", before an enum's path.
fn kind_words(e: &EnumEntry) -> &'static str {
    match e.kind.as_str() {
        "warnings" => "Warning codes of ",
        _ => "",
    }
}

/// How many code strings, and how many are retired, in `programs`.
fn count_codes(programs: &[Program<'_>]) -> (usize, usize) {
    let pages: Vec<&Page<'_>> = programs.iter().flat_map(|p| &p.pages).collect();
    let retired = pages
        .iter()
        .filter(|p| p.definitions.iter().all(|(_, c)| c.retired.is_some()))
        .count();
    (pages.len(), retired)
}

/// "31 codes (2 retired) in 2 enums".
fn count_words((codes, retired): (usize, usize), enums: usize) -> String {
    let retired = match retired {
        0 => String::new(),
        n => format!(" ({n} retired)"),
    };
    format!(
        "{}{retired} in {}",
        plural(codes, "code"),
        plural(enums, "enum")
    )
}

fn plural(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod site_tests;
