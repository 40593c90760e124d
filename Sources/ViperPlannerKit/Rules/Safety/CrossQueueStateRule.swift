struct CrossQueueStateRule: Rule {
    static let description = RuleDescription(
        id: "cross-queue-state", name: "Delegate callback on a background queue shares state", family: nil, severity: .high,
        problem: "The view controller registers itself as a delegate on a background queue (a capture output, a URLSession with its own operation queue), and the callback writes stored properties that the view controller's main-thread code reads. The two threads race on the same memory: values tear, collections crash on concurrent mutation, and the bug shows up only under load.",
        fix: "Hop to the main queue before writing (`DispatchQueue.main.async { self.x = … }`), or keep the state in one object confined to the callback queue and hand the main thread immutable values.",
        triggering: [
            Example("""
            final class ScannerViewController: UIViewController, AVCaptureMetadataOutputObjectsDelegate {
                let output = AVCaptureMetadataOutput()
                let scanQueue = DispatchQueue(label: "scan")
                var lastCode: String?
                var scanCount = 0
                override func viewDidLoad() {
                    super.viewDidLoad()
                    output.setMetadataObjectsDelegate(self, queue: scanQueue)
                }
                func ↓metadataOutput(_ output: AVCaptureMetadataOutput, didOutput objects: [AVMetadataObject], from connection: AVCaptureConnection) {
                    ↓lastCode = (objects.first as? AVMetadataMachineReadableCodeObject)?.stringValue
                    self.↓scanCount += 1
                }
                @IBAction func confirm() {
                    if let code = ↓lastCode { submit(code, attempts: ↓scanCount) }
                }
            }
            """),
        ],
        nonTriggering: [
            // The main queue; a hop to main before writing; state only the callback touches.
            Example("""
            final class ScannerViewController: UIViewController, AVCaptureMetadataOutputObjectsDelegate, AVCaptureVideoDataOutputSampleBufferDelegate {
                let output = AVCaptureMetadataOutput()
                let video = AVCaptureVideoDataOutput()
                var lastCode: String?
                var frames = 0
                override func viewDidLoad() {
                    super.viewDidLoad()
                    output.setMetadataObjectsDelegate(self, queue: DispatchQueue.main)
                    video.setSampleBufferDelegate(self, queue: DispatchQueue(label: "frames"))
                }
                func metadataOutput(_ output: AVCaptureMetadataOutput, didOutput objects: [AVMetadataObject], from connection: AVCaptureConnection) {
                    lastCode = objects.first?.type.rawValue
                }
                func captureOutput(_ output: AVCaptureOutput, didOutput buffer: CMSampleBuffer, from connection: AVCaptureConnection) {
                    frames += 1
                    let code = String(frames)
                    DispatchQueue.main.async { self.lastCode = code }
                }
                func confirm() { print(lastCode ?? "") }
            }
            """),
        ])

    /// Calls that register a delegate together with the queue its callbacks run on, and the base
    /// names of those callbacks.
    static let registrations: [String: [String]] = [
        "setMetadataObjectsDelegate": ["metadataOutput"],
        "setSampleBufferDelegate": ["captureOutput"],
        "URLSession": ["urlSession"],
        "CBCentralManager": ["centralManager", "centralManagerDidUpdateState"],
        "CBPeripheralManager": ["peripheralManager", "peripheralManagerDidUpdateState"],
        "setDelegate": ["resourceLoader"],
    ]

    /// `.main`, `DispatchQueue.main`, `OperationQueue.main`; URLSession's `nil` is a queue of its own.
    static func isMain(_ queue: String, callee: String) -> Bool {
        if queue == "nil" { return callee != "URLSession" }
        return queue.split(separator: ".").last == "main"
    }

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let index = context.index
        for t in index.types.indices where index.types[t].isViewController {
            let declarations = index.declarations(of: t)
            var callbackNames: Set<String> = []
            for (_, decl) in declarations {
                for h in decl.selfHandOffs {
                    guard let callee = h.callee, let names = Self.registrations[callee], let queue = h.queue,
                          !Self.isMain(queue, callee: callee) else { continue }
                    callbackNames.formUnion(names)
                }
            }
            guard !callbackNames.isEmpty else { continue }
            let accesses = declarations.flatMap { entry in entry.decl.propertyAccesses.map { (entry.path, $0) } }
            let isState: (String) -> Bool = { name in
                guard let (p, _) = index.property(name, of: t) else { return false }
                return !p.isComputed && !p.isStatic && !p.isLet
            }
            for (path, decl) in declarations {
                for function in decl.functions where callbackNames.contains(baseName(function.name)) {
                    let writes = accesses.filter { $0.1.member == function.name && $0.1.isWrite && !$0.1.onMainQueue && isState($0.1.name) }
                    let written = Set(writes.map(\.1.name))
                    let reads = accesses.filter { entry in
                        guard let member = entry.1.member, written.contains(entry.1.name), !entry.1.isWrite else { return false }
                        return !callbackNames.contains(baseName(member)) && !member.hasPrefix("init(") && member != "deinit"
                    }
                    let readNames = Set(reads.map(\.1.name))
                    let racing = writes.filter { readNames.contains($0.1.name) }
                    guard !racing.isEmpty else { continue }
                    let type = index.types[t].name
                    let names = FamilyFindings.orderedUnique(racing.map(\.1.name)).map { "`\($0)`" }.joined(separator: ", ")
                    findings.append(Finding(
                        rule: Self.description, type: type, member: function.name, file: path, position: function.position,
                        message: "`\(function.name)` runs on a background queue and writes \(names), which main-thread code of \(type) reads",
                        fix: "Write \(names) inside `DispatchQueue.main.async { … }` in `\(function.name)`, or confine that state to the callback queue.",
                        evidence: racing.map { Evidence(file: $0.0, line: $0.1.position.line, column: $0.1.position.column, note: "written on the callback queue") }
                            + reads.map { Evidence(file: $0.0, line: $0.1.position.line, column: $0.1.position.column, note: "read in `\($0.1.member ?? "")`") },
                        discriminator: function.name))
                }
            }
        }
        return findings
    }
}

extension CrossQueueStateRule {
    static let planning = RulePlanning(
        category: .C, title: { type, member in "Background callback \(member.map { "\($0) " } ?? "")shares state with the main thread in \(type)" },
        estimate: { _, _ in [EstimatePart(3, "writes wrapped in `DispatchQueue.main.async`")] },
        check: { _, member in "\(member) writes shared state only on the main queue (run with the Thread Sanitizer)." })
}
