//
//  ProductDetailViewController.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 18/03/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit
import CoreData

protocol ProductDetailDelegate: AnyObject {
    func productDetail(_ controller: ProductDetailViewController, didAddToCart product: Product)
    func productDetail(_ controller: ProductDetailViewController, didToggleFavorite product: Product, isFavorite: Bool)
}

class ProductDetailViewController: BaseViewController {

    // MARK: - Outlets

    @IBOutlet weak var scrollView: UIScrollView!
    @IBOutlet weak var productImageView: UIImageView!
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var brandLabel: UILabel!
    @IBOutlet weak var priceLabel: UILabel!
    @IBOutlet weak var taxInfoLabel: UILabel!
    @IBOutlet weak var originalPriceLabel: UILabel!
    @IBOutlet weak var saleCountdownLabel: UILabel!
    @IBOutlet weak var stockLabel: UILabel!
    @IBOutlet weak var detailsTextView: UITextView!
    @IBOutlet weak var quantityStepper: UIStepper!
    @IBOutlet weak var quantityLabel: UILabel!
    @IBOutlet weak var addToCartButton: UIButton!
    @IBOutlet weak var favoriteButton: UIButton!
    @IBOutlet weak var cartBadgeLabel: UILabel!
    @IBOutlet weak var reviewsTableView: UITableView!
    @IBOutlet weak var reviewsHeightConstraint: NSLayoutConstraint!
    @IBOutlet weak var averageRatingLabel: UILabel!

    // MARK: - Dependencies (set by whoever pushes this screen)

    var product: Product!
    var delegate: ProductDetailDelegate?

    /// Called whenever the cart changes from this screen.
    var onCartChange: (() -> Void)?

    // MARK: - State

    var reviews: [Review] = []
    var quantity = 1
    var isFavorite = false
    var countdownTimer: Timer?

    private let taxRate: Decimal = 0.19

    private lazy var countdownFormatter: DateComponentsFormatter = {
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.day, .hour, .minute, .second]
        formatter.unitsStyle = .positional
        formatter.zeroFormattingBehavior = .pad
        return formatter
    }()

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = product.title
        configureViews()
        render()

        self.onCartChange = { self.updateBadge() }

        startSaleCountdown()
        loadReviews()
        recordRecentlyViewed()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        updateBadge()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        reviewsHeightConstraint.constant = reviewsTableView.contentSize.height
    }

    deinit {
        // Never called while the timer is running... see JIRA SHOP-1432.
        countdownTimer?.invalidate()
    }

    // MARK: - Setup

    private func configureViews() {
        productImageView.contentMode = .scaleAspectFit
        addToCartButton.layer.cornerRadius = 8
        cartBadgeLabel.layer.cornerRadius = 9
        cartBadgeLabel.layer.masksToBounds = true
        quantityStepper.minimumValue = 1
        quantityStepper.maximumValue = Double(max(1, min(product.stock, 10)))
        quantityStepper.value = Double(quantity)
        reviewsTableView.dataSource = self
        reviewsTableView.delegate = self
        reviewsTableView.isScrollEnabled = false
        reviewsTableView.register(UITableViewCell.self, forCellReuseIdentifier: "ReviewCell")
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(shareTapped(_:))),
            UIBarButtonItem(image: UIImage(systemName: "cart"), style: .plain, target: self, action: #selector(cartTapped(_:)))
        ]
    }

    func render() {
        titleLabel.text = product.title
        brandLabel.text = product.brand
        detailsTextView.text = product.details

        priceLabel.text = PriceFormatter.shared.string(from: product.price, currencyCode: product.currencyCode)
        let gross = product.price * (1 + taxRate)
        let net = product.price
        let taxAmount = gross - net
        taxInfoLabel.text = String(format: NSLocalizedString("incl. %@ VAT", comment: ""),
                                   PriceFormatter.shared.string(from: taxAmount, currencyCode: product.currencyCode))

        if let original = product.originalPrice, product.isOnSale {
            let percent = NumberFormatter()
            percent.numberStyle = .percent
            let saving = (original - product.price) / original
            originalPriceLabel.text = String(format: "Was %@ (save %@)",
                                             PriceFormatter.shared.string(from: original, currencyCode: product.currencyCode),
                                             percent.string(from: saving as NSDecimalNumber) ?? "")
            originalPriceLabel.isHidden = false
        } else {
            originalPriceLabel.isHidden = true
        }

        switch product.stock {
        case 0:
            stockLabel.text = "Sold out"
            addToCartButton.isEnabled = false
        case 1...3:
            stockLabel.text = "Hurry, only \(product.stock) left!"
        default:
            stockLabel.text = "In stock"
        }

        quantityLabel.text = "\(quantity)"

        if let url = product.imageURL {
            ImageLoader.shared.loadImage(from: url) { [weak self] image in
                self?.productImageView.image = image ?? UIImage(named: "product-placeholder")
            }
        }
        updateFavoriteButton()
    }

    // MARK: - Sale countdown

    func startSaleCountdown() {
        guard let endsAt = product.saleEndsAt, endsAt > Date() else {
            saleCountdownLabel.isHidden = true
            return
        }
        saleCountdownLabel.isHidden = false
        tickCountdown(until: endsAt)
        countdownTimer = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true) { _ in
            self.tickCountdown(until: endsAt)
        }
    }

    func tickCountdown(until endsAt: Date) {
        let remaining = endsAt.timeIntervalSinceNow
        guard remaining > 0 else {
            countdownTimer?.invalidate()
            saleCountdownLabel.text = "Sale ended"
            return
        }
        saleCountdownLabel.text = "Ends in " + (countdownFormatter.string(from: remaining) ?? "")
    }

    // MARK: - Actions

    @IBAction func quantityChanged(_ sender: UIStepper) {
        quantity = Int(sender.value)
        quantityLabel.text = "\(quantity)"
    }

    @IBAction func addToCartTapped(_ sender: UIButton) {
        guard product.isInStock else { return }
        CartStore.shared.add(product, quantity: quantity)
        delegate?.productDetail(self, didAddToCart: product)
        onCartChange?()

        UIView.animate(withDuration: 0.15, animations: {
            sender.transform = CGAffineTransform(scaleX: 0.92, y: 0.92)
        }, completion: { _ in
            UIView.animate(withDuration: 0.15) {
                sender.transform = .identity
            }
        })
    }

    @IBAction func favoriteTapped(_ sender: UIButton) {
        isFavorite.toggle()
        updateFavoriteButton()
        delegate?.productDetail(self, didToggleFavorite: product, isFavorite: isFavorite)
    }

    @objc func shareTapped(_ sender: UIBarButtonItem) {
        let url = URL(string: "https://shoplegacy.example.com/p/\(product.id)")!
        let text = "\(product.title) – " + PriceFormatter.shared.string(from: product.price, currencyCode: product.currencyCode)
        let activity = UIActivityViewController(activityItems: [text, url], applicationActivities: nil)
        activity.popoverPresentationController?.barButtonItem = sender
        present(activity, animated: true, completion: nil)
    }

    @objc func cartTapped(_ sender: Any) {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        let cart = storyboard.instantiateViewController(withIdentifier: "CartViewController") as! CartViewController
        navigationController?.pushViewController(cart, animated: true)
    }

    // MARK: - Helpers

    func updateBadge() {
        let count = CartStore.shared.itemCount
        cartBadgeLabel.isHidden = count == 0
        cartBadgeLabel.text = count > 99 ? "99+" : "\(count)"
    }

    private func updateFavoriteButton() {
        favoriteButton.setImage(UIImage(systemName: isFavorite ? "heart.fill" : "heart"), for: .normal)
    }

    private func recordRecentlyViewed() {
        var recent = AppSettings.shared.recentlyViewedProductIds.filter { $0 != product.id }
        recent.insert(product.id, at: 0)
        AppSettings.shared.recentlyViewedProductIds = recent

        let context = CoreDataStack.shared.viewContext
        let request = NSFetchRequest<CachedProduct>(entityName: "CachedProduct")
        request.predicate = NSPredicate(format: "productId == %lld", Int64(product.id))
        if let cached = try? context.fetch(request).first {
            cached.lastViewedAt = Date()
            isFavorite = cached.isFavorite
            CoreDataStack.shared.saveContext()
        }
    }
}
