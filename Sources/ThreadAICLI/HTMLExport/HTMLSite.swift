import ThreadAI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `export html DIR`: the repository as a static site that opens from the files alone.
///
/// Layout (docs/CLI.md): `index.html`, `index_pN.html` (the thread list, `threadsPerPage` a page);
/// `threads/STEM.html`, `STEM_pN.html` (a thread's own messages, `messagesPerPage` a page);
/// `diffs/A_vs_B.html` (each fork beside its parent, and beside the next fork at the same
/// message); `assets/site.css`, `assets/site.js`; `.threadai-html`, the mark of a folder this
/// command wrote, which it alone may write into again (its `threads/` and `diffs/` are replaced).
/// Each thread is read on its own with a fresh walker, so memory follows the largest thread, not
/// the repository.
struct HTMLSite {
    var repository: Repository
    var folder: String
    var messagesPerPage = 100
    var threadsPerPage = 100
    var diffTurnLimit = 100
    /// What local threads keep private, left out of the site (`export --include-local` leaves nothing out).
    var leaving = PrivateContent()

    static let mark = ".threadai-html"

    init(repository: Repository, folder: String, leaving: PrivateContent = PrivateContent()) {
        (self.repository, self.folder, self.leaving) = (repository, folder, leaving)
    }

    struct Written: Equatable {
        var threads = 0
        var pages = 0
        var diffs = 0
    }

    func write() throws -> Written {
        try prepareFolder()
        let summaries = try repository.threadSummaries().filter { !leaving.threads.contains($0.name) }
        let model = SiteModel(summaries)
        var labels = MessageHTML.Labels(merges: try MergeLabels(repository: repository), threads: Set(model.order))
        for tag in try repository.tags.allReadable().tags { labels.tags[tag.target, default: []].append(tag) }
        var written = Written()
        try save(SiteAssets.stylesheet, to: SitePaths.stylesheet)
        try save(SiteAssets.script, to: SitePaths.script)
        for name in model.order {
            written.pages += try writeThread(name, model: model, labels: labels)
            written.threads += 1
            for pair in model.diffPairs(of: name) {
                try writeDiff(pair, model: model)
                written.diffs += 1
            }
        }
        let index = IndexPage(model: model, perPage: threadsPerPage, messageCount: summaries.reduce(0) { $0 + $1.ownMessageCount })
        for page in 1...index.pageCount {
            try save(index.render(page: page), to: SitePaths.index(page: page))
            written.pages += 1
        }
        return written
    }

    /// Creates the folder, or clears the pages of an earlier export in it; refuses any other folder
    /// that holds files, so an export never overwrites what it did not write.
    private func prepareFolder() throws {
        let manager = FileManager.default
        if let type = (try? manager.attributesOfItem(atPath: folder))?[.type] as? FileAttributeType {
            guard type == .typeDirectory else {
                throw CLIError(TerminalSafe.text("cannot export to \(folder): it is a file. Name a new or empty folder."))
            }
            let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            if !entries.isEmpty && !entries.contains(Self.mark) {
                throw CLIError(TerminalSafe.text("cannot export to \(folder): it holds files that export html did not write. Name a new or empty folder."))
            }
            for old in ["threads", "diffs"] where entries.contains(old) {
                try attempt("clear \(folder)/\(old)") { try manager.removeItem(atPath: folder + "/" + old) }
            }
        }
        for sub in ["", "/threads", "/diffs", "/assets"] {
            try attempt("create \(folder + sub)") { try FilePaths.makeDirectories(folder + sub) }
        }
        try save("A static site written by `threadai export html`; running it again replaces it.\n", to: Self.mark)
    }

    /// Writes the thread's pages; returns how many.
    private func writeThread(_ name: String, model: SiteModel, labels: MessageHTML.Labels) throws -> Int {
        guard let summary = model.threads[name], let head = summary.heads.first else { return 0 }
        let walker = repository.walker()
        let wanted = summary.ownMessageCount + (summary.forkPoint == nil ? 0 : 1)
        var messages = Array(try walker.messages(from: head, limit: wanted).reversed())
        var forkPoint: (id: ObjectID, message: Message)?
        if summary.forkPoint != nil, messages.count == wanted, let first = messages.first {
            forkPoint = first
            messages.removeFirst()
        }
        var forksAt: [ObjectID: [String]] = [:]
        for child in model.children[name, default: []] {
            if let point = model.threads[child]?.forkPoint { forksAt[point, default: []].append(child) }
        }
        let page = ThreadPage(model: model, name: name, perPage: messagesPerPage, labels: labels)
        for number in 1...page.pageCount {
            let slice = Array(messages.dropFirst((number - 1) * messagesPerPage).prefix(messagesPerPage))
            try save(page.render(page: number, messages: slice, forkPoint: forkPoint, forksAt: forksAt), to: SitePaths.thread(name, page: number))
        }
        return page.pageCount
    }

    private func writeDiff(_ pair: (left: String, right: String), model: SiteModel) throws {
        guard let left = model.threads[pair.left]?.heads.first, let right = model.threads[pair.right]?.heads.first else { return }
        let walker = repository.walker()
        let leftChain = try walker.chain(to: left)
        let rightChain = try walker.chain(to: right)
        var shared = 0
        while shared < leftChain.count, shared < rightChain.count, leftChain[shared] == rightChain[shared] { shared += 1 }
        func side(_ chain: [ObjectID]) throws -> [DiffTurn] {
            try chain.dropFirst(shared).prefix(diffTurnLimit).map { id in
                let message = try walker.message(id)
                return DiffTurn(id: id.hex, role: message.role.rawValue, content: message.content)
            }
        }
        let page = DiffPage(left: pair.left, right: pair.right, turnLimit: diffTurnLimit)
        let html = page.render(
            shared: shared, forkPoint: shared > 0 ? leftChain[shared - 1] : nil,
            sides: (try side(leftChain), try side(rightChain)),
            counts: (leftChain.count - shared, rightChain.count - shared))
        try save(html, to: SitePaths.diff(pair.left, pair.right))
    }

    private func save(_ text: String, to path: String) throws {
        try attempt("write \(folder)/\(path)") {
            try TempFile.writeUnflushed(text.utf8, to: folder + "/" + path)
        }
    }

    private func attempt(_ what: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as FileSystemError {
            throw CLIError(TerminalSafe.text(error.description))  // It names the path and what to do.
        } catch {
            throw CLIError(TerminalSafe.text("cannot \(what): it could not be done here (permissions, or a file in the way?)."))
        }
    }
}
