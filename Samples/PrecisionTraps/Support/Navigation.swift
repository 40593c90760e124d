//
//  Navigation.swift
//  PrecisionTraps
//
//  TRAP support: the navigation abstractions view controllers in this folder call instead of
//  pushing/presenting themselves. Calling them is the *fix*, not the smell. Their
//  implementations live in the app target's coordinators (not part of this sample).
//

import Foundation

struct CatalogItem: Decodable, Equatable {
    let id: Int
    let name: String
    let price: Decimal
    var displayPrice: String?
}

protocol CatalogCoordinating: AnyObject {
    func showDetail(_ item: CatalogItem)
}

protocol AppRouting: AnyObject {
    func openSettings()
}
