//
//  DataController.swift
//  PrecisionTraps
//
//  TRAP: a name ending in "Controller" proves nothing. DataController is a plain class
//  (no UIViewController in its chain): it must not be reported as a view controller,
//  even though it does Core Data work. No view controller in this folder calls it
//  (it is used by the background-refresh task only).
//

import CoreData

final class DataController {

    let container: NSPersistentContainer

    init(modelName: String = "Traps") {
        container = NSPersistentContainer(name: modelName)
        container.loadPersistentStores { _, error in
            if let error = error {
                print("Store failed to load: \(error.localizedDescription)")
            }
        }
        container.viewContext.automaticallyMergesChangesFromParent = true
    }

    func save() {
        let context = container.viewContext
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
        }
    }

    func purge(olderThan date: Date) {
        let request = NSFetchRequest<NSFetchRequestResult>(entityName: "CachedItem")
        request.predicate = NSPredicate(format: "updatedAt < %@", date as NSDate)
        let delete = NSBatchDeleteRequest(fetchRequest: request)
        _ = try? container.viewContext.execute(delete)
    }
}
