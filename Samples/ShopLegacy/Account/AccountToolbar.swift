//
//  AccountToolbar.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 14/03/2019.
//  Copyright © 2019 ShopLegacy Inc. All rights reserved.
//

import UIKit

/// The bar buttons of the account screen, shared with the iPad layout.
enum AccountToolbar {
    static func items(for screen: EditAccountViewController) -> [UIBarButtonItem] {
        let sync = UIBarButtonItem(title: "Sync", style: .plain, target: screen,
                                   action: #selector(EditAccountViewController.syncAccount))
        return [sync]
    }
}
