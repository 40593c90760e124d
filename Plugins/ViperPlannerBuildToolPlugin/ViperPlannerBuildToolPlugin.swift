import Foundation
import PackagePlugin

/// Audits a target as a step of its build: findings become compiler warnings (errors from
/// `fail_on:` of `.viper-planner.yml`, which then fails the build). The step's inputs are the
/// target's Swift files and the configuration, so the build system runs it again only when one
/// of them changed; the fact cache in the plugin's work folder keeps that re-run to the changed
/// files. Opt-in: a target runs it only when it lists this plugin.
@main
struct ViperPlannerBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget, target.kind != .test else { return [] }
        return [AuditStep(tool: try context.tool(named: "viper-planner").url, name: target.name, root: target.directoryURL,
                          sources: target.sourceFiles(withSuffix: "swift").map(\.url),
                          packageDirectory: context.package.directoryURL,
                          workDirectory: context.pluginWorkDirectoryURL).command]
    }
}

/// The build step for one target, the same for SwiftPM and Xcode.
struct AuditStep {
    var tool: URL
    var name: String
    var root: URL
    var sources: [URL]
    /// Where `.viper-planner.yml` is looked for (the target's own folder first).
    var packageDirectory: URL
    var workDirectory: URL

    var command: Command {
        let stamp = workDirectory.appendingPathComponent("ViperPlannerAudit.swift")
        var arguments = ["audit", root.path, "--format", "xcode", "--quiet",
                         "--cache-path", workDirectory.appendingPathComponent("cache").path, "--stamp", stamp.path]
        var inputs = sources
        let ownConfig = root.appendingPathComponent(".viper-planner.yml")
        let packageConfig = packageDirectory.appendingPathComponent(".viper-planner.yml")
        if !FileManager.default.fileExists(atPath: ownConfig.path), FileManager.default.fileExists(atPath: packageConfig.path) {
            arguments += ["--config", packageConfig.path]
            inputs.append(packageConfig)
        } else if FileManager.default.fileExists(atPath: ownConfig.path) {
            inputs.append(ownConfig)
        }
        // The stamp is a Swift file so that compiling the target needs it: a step whose outputs
        // nothing uses is not run at all.
        return .buildCommand(displayName: "viper-planner audit \(name)", executable: tool, arguments: arguments,
                             inputFiles: inputs, outputFiles: [stamp])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ViperPlannerBuildToolPlugin: XcodeBuildToolPlugin {
    /// An Xcode target: its Swift files, audited from the folder that holds them all.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        let folders = sources.map { $0.deletingLastPathComponent().standardizedFileURL.pathComponents }
        guard var common = folders.first else { return [] }
        for folder in folders.dropFirst() { common = Array(zip(common, folder).prefix { $0.0 == $0.1 }.map(\.0)) }
        return [AuditStep(tool: try context.tool(named: "viper-planner").url, name: target.displayName,
                          root: URL(fileURLWithPath: NSString.path(withComponents: common)), sources: sources,
                          packageDirectory: context.xcodeProject.directoryURL,
                          workDirectory: context.pluginWorkDirectoryURL).command]
    }
}
#endif
