//
//  CoreDataStack.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 22/03/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import CoreData

final class CoreDataStack {

    static let shared = CoreDataStack()

    private init() {}

    lazy var persistentContainer: NSPersistentContainer = {
        let container = NSPersistentContainer(name: "ShopLegacy")
        container.loadPersistentStores { storeDescription, error in
            if let error = error as NSError? {
                // TODO: handle failed lightweight migrations instead of crashing (see crash group #2231)
                fatalError("Unresolved Core Data error \(error), \(error.userInfo)")
            }
        }
        container.viewContext.automaticallyMergesChangesFromParent = true
        container.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
        return container
    }()

    var viewContext: NSManagedObjectContext {
        return persistentContainer.viewContext
    }

    func newBackgroundContext() -> NSManagedObjectContext {
        let context = persistentContainer.newBackgroundContext()
        context.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
        return context
    }

    func saveContext() {
        let context = persistentContainer.viewContext
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            let nserror = error as NSError
            print("Core Data save failed: \(nserror), \(nserror.userInfo)")
        }
    }

    func deleteAll(entityName: String) {
        let request = NSFetchRequest<NSFetchRequestResult>(entityName: entityName)
        let delete = NSBatchDeleteRequest(fetchRequest: request)
        _ = try? persistentContainer.persistentStoreCoordinator.execute(delete, with: viewContext)
        viewContext.reset()
    }
}

// MARK: - Managed objects

@objc(CachedProduct)
final class CachedProduct: NSManagedObject {
    @NSManaged var productId: Int64
    @NSManaged var title: String
    @NSManaged var brand: String
    @NSManaged var price: NSDecimalNumber
    @NSManaged var currencyCode: String
    @NSManaged var categoryId: Int64
    @NSManaged var thumbnailURLString: String?
    @NSManaged var isFavorite: Bool
    @NSManaged var lastViewedAt: Date?
    @NSManaged var updatedAt: Date

    func update(from product: Product) {
        productId = Int64(product.id)
        title = product.title
        brand = product.brand
        price = NSDecimalNumber(decimal: product.price)
        currencyCode = product.currencyCode
        categoryId = Int64(product.categoryId)
        thumbnailURLString = product.thumbnailURL?.absoluteString
        updatedAt = Date()
    }
}
