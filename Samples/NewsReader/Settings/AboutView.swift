//
//  AboutView.swift
//  NewsReader
//
//  Created by Daniel Okafor on 14/01/2020.
//  Copyright © 2020 Morning Edition Ltd. All rights reserved.
//

import SwiftUI

/// Our first SwiftUI screen. Hosted by SettingsCoordinator in a UIHostingController.
struct AboutView: View {

    let buildDate: Date

    private static let buildDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter
    }()

    private var versionText: String {
        let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "–"
        return "Version \(version)"
    }

    var body: some View {
        List {
            Section {
                VStack(alignment: .leading, spacing: 8) {
                    Text("Morning Edition")
                        .font(.title)
                        .bold()
                    Text(versionText)
                        .foregroundColor(.secondary)
                    Text("Built on \(Self.buildDateFormatter.string(from: buildDate))")
                        .font(.footnote)
                        .foregroundColor(.secondary)
                }
                .padding(.vertical, 8)
            }

            Section(header: Text("The newsroom")) {
                Text("Independent journalism since 1998. Our app is made by a small team in Leeds and Lagos.")
                    .font(.body)
            }

            Section(header: Text("Contact")) {
                Link("newsroom@newsreader.example.com",
                     destination: URL(string: "mailto:newsroom@newsreader.example.com")!)
                Link("Privacy policy",
                     destination: URL(string: "https://newsreader.example.com/privacy")!)
            }
        }
        .listStyle(GroupedListStyle())
    }
}

struct AboutView_Previews: PreviewProvider {
    static var previews: some View {
        AboutView(buildDate: Date())
    }
}
