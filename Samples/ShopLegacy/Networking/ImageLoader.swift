//
//  ImageLoader.swift
//  ShopLegacy
//
//  Created by Tomasz Wrona on 19/06/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit

/// In-memory image cache. The actual download goes through `APIClient` so that
/// the auth header and the staging base URL switch apply to images too.
final class ImageLoader {

    static let shared = ImageLoader()

    private let cache = NSCache<NSURL, UIImage>()
    private var pendingCallbacks: [URL: [(UIImage?) -> Void]] = [:]
    private let lock = NSLock()

    private init() {
        cache.countLimit = 200
    }

    func cachedImage(for url: URL) -> UIImage? {
        return cache.object(forKey: url as NSURL)
    }

    func loadImage(from url: URL, completion: @escaping (UIImage?) -> Void) {
        if let cached = cachedImage(for: url) {
            completion(cached)
            return
        }

        lock.lock()
        if pendingCallbacks[url] != nil {
            // Someone is already downloading this one; just wait for it.
            pendingCallbacks[url]?.append(completion)
            lock.unlock()
            return
        }
        pendingCallbacks[url] = [completion]
        lock.unlock()

        APIClient.shared.downloadData(from: url) { [weak self] result in
            guard let self = self else { return }
            let image = (try? result.get()).flatMap { UIImage(data: $0) }
            if let image = image {
                self.cache.setObject(image, forKey: url as NSURL)
            }

            self.lock.lock()
            let callbacks = self.pendingCallbacks.removeValue(forKey: url) ?? []
            self.lock.unlock()

            DispatchQueue.main.async {
                callbacks.forEach { $0(image) }
            }
        }
    }

    func clearCache() {
        cache.removeAllObjects()
    }
}
