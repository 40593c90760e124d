import Foundation

/// The report of an edit that changed no file's facts (early cutoff, as build systems call it):
/// the analysis is a function of the facts alone, so when every edited file parses to the facts
/// it had when the stored report was made, and the lines the report quotes from it read the
/// same, that report is this run's report. Only the edited files are parsed.
extension Auditor {
    /// The stored report, when the files that changed since it was made kept their facts; nil
    /// otherwise (then the run analyses as usual, and finds the edited files' facts cached).
    static func reportWithUnchangedFacts(_ project: LoadedProject, configuration: Configuration, jobs: Int, cache: FactCache,
                                         root: String, rendering: String, digest: String) -> CachedReport? {
        let sources = project.discovered.sources
        guard let basis = cache.loadBasis(root: root, rendering: rendering),
              basis.context == ContentHash(cache.reportContext(project, rendering: rendering)).description,
              basis.files.count == sources.count,
              let stored = cache.loadReport(root: root, rendering: rendering, digest: basis.reportDigest) else { return nil }
        var changed: [(index: Int, key: String)] = []
        for (i, file) in project.files.enumerated() {
            // A file added, removed or renamed changes what the analysis reads beyond facts.
            guard basis.files[i].path == sources[i].path, let key = FactCache.reportKey(file) else { return nil }
            if key != basis.files[i].key { changed.append((i, key)) }
        }
        // A file skipped now or before (too large, unreadable) has no facts to compare.
        guard changed.allSatisfy({ !$0.key.hasPrefix("skipped: ") && !basis.files[$0.index].checksum.isEmpty }) else { return nil }
        let edited = changed
        // A parse over the file budget gives up the cutoff; the analysis then skips that file as usual.
        let kept = parallelMap(count: edited.count, jobs: jobs, timeout: configuration.fileTimeout, onTimeout: { _ in false }) { n -> Bool in
            let (i, key) = edited[n], path = sources[i].path
            // Read once, and only the version that was hashed: the facts and the quoted lines are of the same bytes.
            guard case .source(let bytes) = SourceLoader.load(sources[i], maxBytes: configuration.maxFileBytes),
                  cache.key(for: bytes, path: path) == key else { return false }
            guard let checksum = cache.checksum(key: key) ?? parseAndStore(bytes, path: path, key: key, cache: cache),
                  checksum == basis.files[i].checksum else { return false }
            guard let quote = basis.quotes[path] else { return true }
            let table = LineTable(bytes)
            return ReportBasis.digest(quote.lines.map { table.text(ofLine: $0) }) == quote.digest
        }
        guard !kept.contains(false) else { return nil }
        var updated = basis
        updated.reportDigest = digest
        for (i, key) in changed { updated.files[i].key = key }
        cache.storeReport(stored, root: root, rendering: rendering, digest: digest)
        cache.storeBasis(updated, root: root, rendering: rendering)
        return stored
    }

    /// The checksum of a changed file's facts, parsed now and stored in the fact cache (nil: it
    /// cannot be parsed).
    private static func parseAndStore(_ bytes: [UInt8], path: String, key: String, cache: FactCache) -> String? {
        guard SourceLoader.unparseable(bytes) == nil else { return nil }
        return cache.store(FileParser.facts(path: path, bytes: bytes), key: key)
    }

    /// What the report just made was made from, for the next run's early cutoff.
    static func storeBasis(_ result: AuditResult, keys: [String?], project discovered: DiscoveryResult, context: String,
                           cache: FactCache, root: String, rendering: String, digest: String) {
        var files: [ReportBasis.File] = []
        for (source, key) in zip(discovered.sources, keys) {
            guard let key else { return }
            files.append(ReportBasis.File(path: source.path, key: key, checksum: result.factChecksums[source.path] ?? ""))
        }
        let basis = ReportBasis(reportDigest: digest, context: ContentHash(context).description, files: files,
                                quotes: ReportBasis.quotes(of: result.findings))
        cache.storeBasis(basis, root: root, rendering: rendering)
    }
}
