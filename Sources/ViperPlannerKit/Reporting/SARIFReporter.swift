/// SARIF 2.1.0 for GitHub code scanning: our fingerprint in `partialFingerprints`, rule metadata
/// in `tool.driver.rules`, evidence as `relatedLocations`.
enum SARIFReporter {
    struct Message: Encodable { var text: String }
    struct ArtifactLocation: Encodable { var uri: String; var uriBaseId = "%SRCROOT%" }
    struct Region: Encodable { var startLine: Int; var startColumn: Int }
    struct PhysicalLocation: Encodable { var artifactLocation: ArtifactLocation; var region: Region }
    struct Location: Encodable { var id: Int?; var physicalLocation: PhysicalLocation; var message: Message? }
    struct Result: Encodable {
        var ruleId: String; var ruleIndex: Int; var level: String; var message: Message
        var locations: [Location]; var relatedLocations: [Location]; var partialFingerprints: [String: String]
        var properties: [String: String]
    }
    struct RuleConfig: Encodable { var level: String }
    struct RuleProperties: Encodable { var tags: [String]; var precision = "high"; var problemSeverity: String }
    struct RuleEntry: Encodable {
        var id: String; var name: String; var shortDescription: Message; var fullDescription: Message
        var help: Message; var defaultConfiguration: RuleConfig; var properties: RuleProperties
    }
    struct Driver: Encodable {
        var name = ToolInfo.name; var version = ToolInfo.version; var semanticVersion = ToolInfo.version
        var informationUri = ToolInfo.informationURI; var rules: [RuleEntry]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Run: Encodable { var tool: Tool; var results: [Result]; var columnKind = "utf8CodeUnits" }
    struct Log: Encodable {
        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case version, schema = "$schema", runs }
    }

    static func level(_ s: Severity) -> String { switch s { case .critical: "error"; case .high: "warning"; case .medium: "note" } }

    static func render(_ audit: AuditResult) -> String {
        let descriptions = RuleRegistry.all.map { $0.description }
        let rules = descriptions.map { d in
            RuleEntry(id: d.id, name: d.name.replacingOccurrences(of: " ", with: ""), shortDescription: Message(text: d.name),
                      fullDescription: Message(text: d.problem), help: Message(text: d.fix),
                      defaultConfiguration: RuleConfig(level: level(d.severity)),
                      properties: RuleProperties(tags: ["viper", d.family?.rawValue ?? "safety"], problemSeverity: d.severity.rawValue))
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: descriptions.enumerated().map { ($1.id, $0) })
        let results = audit.findings.map { f in
            Result(ruleId: f.rule, ruleIndex: ruleIndex[f.rule] ?? 0, level: level(f.severity),
                   message: Message(text: "\(f.message). Fix: \(f.fix)"),
                   locations: [Location(id: nil, physicalLocation: PhysicalLocation(
                       artifactLocation: ArtifactLocation(uri: f.file), region: Region(startLine: f.line, startColumn: f.column)), message: nil)],
                   relatedLocations: f.evidence.enumerated().map { i, e in
                       Location(id: i + 1, physicalLocation: PhysicalLocation(
                           artifactLocation: ArtifactLocation(uri: e.file), region: Region(startLine: e.line, startColumn: e.column)),
                                message: Message(text: [e.snippet, e.note].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " — ")))
                   },
                   partialFingerprints: ["viperPlanner/v1": f.fingerprint],
                   properties: ["severity": f.severity.rawValue, "type": f.type])
        }
        return JSONReporter.encode(Log(runs: [Run(tool: Tool(driver: Driver(rules: rules)), results: results)]))
    }
}
