//
//  ProductListViewController.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 15/03/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit
import CoreData

class ProductListViewController: BaseListViewController<Product>, UISearchBarDelegate {

    // MARK: - Segues

    enum SegueIdentifier {
        static let showCart = "ShowCart"
        static let showCategoryPicker = "ShowCategoryPicker"
        static let showFeaturedProduct = "ShowFeaturedProduct"
        static let showExpressCheckout = "ShowExpressCheckout"
    }

    // MARK: - Outlets

    @IBOutlet weak var searchBar: UISearchBar!
    @IBOutlet weak var sortControl: UISegmentedControl!
    @IBOutlet weak var promoBannerView: UIView!
    @IBOutlet weak var promoBannerLabel: UILabel!
    @IBOutlet weak var promoCountdownLabel: UILabel!
    @IBOutlet weak var resultsCountLabel: UILabel!
    @IBOutlet weak var lastUpdatedLabel: UILabel!
    @IBOutlet weak var taxNoteLabel: UILabel!
    @IBOutlet weak var filterButton: UIButton!
    @IBOutlet weak var categoryButton: UIButton!
    @IBOutlet weak var cartBarButtonItem: UIBarButtonItem!

    // MARK: - State

    var products: [Product] = []
    var filteredProducts: [Product] = []
    var categories: [ProductCategory] = []
    var selectedCategory: ProductCategory?
    var activeFilter = ProductFilter()
    var searchText = ""
    var currentPage = 1
    var totalPages = 1
    var isFetchingPage = false
    var favoriteProductIds = Set<Int>()
    var appliedCoupon: Coupon?
    var featuredProduct: Product?
    var promoEndsAt: Date?
    var categoriesTask: URLSessionDataTask?

    /// VAT used for the "incl. tax" price filter.
    /// TODO: the backend sends a per-country rate since 4.2, use that instead.
    let taxRate: Decimal = 0.19

    lazy var promoDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "EEE d MMM, HH:mm"
        return formatter
    }()

    lazy var compactNumberFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 1
        return formatter
    }()

    override var emptyStateText: String {
        return searchText.isEmpty ? "No products in this category yet." : "No results for “\(searchText)”."
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        configureEverything()
        loadCachedProducts()
        fetchCategories()
        fetchProducts(reset: true)
        fetchPromoBanner()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        updateCartBadge()
        if let selected = tableView.indexPathForSelectedRow {
            tableView.deselectRow(at: selected, animated: animated)
        }
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    override func reloadItems() {
        fetchProducts(reset: true)
    }

    // MARK: - Setup

    // swiftlint:disable:next function_body_length cyclomatic_complexity
    func configureEverything() {
        // Title & navigation bar
        title = NSLocalizedString("catalog.title", comment: "Shop")
        navigationController?.navigationBar.prefersLargeTitles = true
        navigationItem.largeTitleDisplayMode = .always
        let filterItem = UIBarButtonItem(image: UIImage(named: "icon-filter"),
                                         style: .plain,
                                         target: self,
                                         action: #selector(didTapFilter(_:)))
        filterItem.accessibilityLabel = "Filter"
        navigationItem.leftBarButtonItem = filterItem
        cartBarButtonItem.target = self
        cartBarButtonItem.action = #selector(didTapCart(_:))

        // Search bar
        searchBar.delegate = self
        searchBar.placeholder = NSLocalizedString("catalog.search.placeholder", comment: "Search products")
        searchBar.autocapitalizationType = .none
        searchBar.autocorrectionType = .no
        searchBar.returnKeyType = .search
        searchBar.showsCancelButton = false
        if let lastSearch = AppSettings.shared.recentSearches.first {
            searchBar.placeholder = String(format: NSLocalizedString("catalog.search.lastSearch", comment: "Try “%@” again"),
                                           lastSearch)
        }

        // Sort control
        sortControl.removeAllSegments()
        for (index, order) in ProductFilter.SortOrder.allCases.prefix(4).enumerated() {
            sortControl.insertSegment(withTitle: order.title, at: index, animated: false)
        }
        if let raw = AppSettings.shared.sortOrderRawValue, let saved = ProductFilter.SortOrder(rawValue: raw) {
            activeFilter.sortOrder = saved
            sortControl.selectedSegmentIndex = ProductFilter.SortOrder.allCases.firstIndex(of: saved) ?? 0
        } else {
            sortControl.selectedSegmentIndex = 0
        }
        sortControl.addTarget(self, action: #selector(sortChanged(_:)), for: .valueChanged)

        // Restore the filter from the last session (stored as JSON, see FilterViewControllerDelegate)
        if let data = UserDefaults.standard.data(forKey: "catalog.activeFilter"),
           let saved = try? JSONDecoder().decode(ProductFilter.self, from: data) {
            activeFilter = saved
        }
        filterButton.setTitle(activeFilter.isDefault ? "Filter" : "Filter •", for: .normal)
        filterButton.addTarget(self, action: #selector(didTapFilter(_:)), for: .touchUpInside)
        categoryButton.addTarget(self, action: #selector(didTapCategory(_:)), for: .touchUpInside)

        // Table view
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UINib(nibName: "ProductCell", bundle: nil),
                           forCellReuseIdentifier: ProductCell.reuseIdentifier)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "LoadMoreCell")
        tableView.keyboardDismissMode = .onDrag
        tableView.separatorInset = UIEdgeInsets(top: 0, left: 96, bottom: 0, right: 0)
        tableView.estimatedRowHeight = 112
        if UserDefaults.standard.bool(forKey: "catalog.compactRows") {
            tableView.rowHeight = 72
        }
        refreshControl.tintColor = UIColor(red: 0.91, green: 0.30, blue: 0.24, alpha: 1.0)
        refreshControl.attributedTitle = NSAttributedString(string: "Pull to refresh")

        // Promo banner
        promoBannerView.layer.cornerRadius = 10
        promoBannerView.isHidden = true
        let bannerTap = UITapGestureRecognizer(target: self, action: #selector(didTapPromoBanner(_:)))
        promoBannerView.addGestureRecognizer(bannerTap)
        promoBannerLabel.numberOfLines = 2
        promoCountdownLabel.font = UIFont.monospacedDigitSystemFont(ofSize: 13, weight: .medium)

        // "Prices incl. 19% VAT" footer
        let percentFormatter = NumberFormatter()
        percentFormatter.numberStyle = .percent
        percentFormatter.maximumFractionDigits = 0
        let rateText = percentFormatter.string(from: taxRate as NSDecimalNumber) ?? "19%"
        taxNoteLabel.text = String(format: NSLocalizedString("catalog.taxNote", comment: "Prices incl. %@ VAT"), rateText)
        taxNoteLabel.textColor = .gray

        // Last sync line
        if let lastSync = AppSettings.shared.lastCatalogSync {
            let formatter = DateFormatter()
            formatter.dateStyle = .short
            formatter.timeStyle = .short
            formatter.doesRelativeDateFormatting = true
            lastUpdatedLabel.text = "Updated " + formatter.string(from: lastSync)
        } else {
            lastUpdatedLabel.text = nil
        }

        // Category from last session
        if let categoryId = AppSettings.shared.selectedCategoryId {
            let request = NSFetchRequest<CachedProduct>(entityName: "CachedProduct")
            request.predicate = NSPredicate(format: "categoryId == %d", categoryId)
            let cachedCount = (try? CoreDataStack.shared.viewContext.count(for: request)) ?? 0
            categoryButton.setTitle(String(format: "Category (%d)", cachedCount), for: .normal)
        } else {
            categoryButton.setTitle("All categories", for: .normal)
        }

        // Favorites live in Core Data only (the API has no favorites endpoint)
        let favoritesRequest = NSFetchRequest<CachedProduct>(entityName: "CachedProduct")
        favoritesRequest.predicate = NSPredicate(format: "isFavorite == YES")
        if let favorites = try? CoreDataStack.shared.viewContext.fetch(favoritesRequest) {
            favoriteProductIds = Set(favorites.map { Int($0.productId) })
        }

        // Long press to quick-add
        let longPress = UILongPressGestureRecognizer(target: self, action: #selector(handleLongPress(_:)))
        longPress.minimumPressDuration = 0.5
        tableView.addGestureRecognizer(longPress)

        // Notifications (removed in deinit)
        NotificationCenter.default.addObserver(self,
                                               selector: #selector(cartDidChange(_:)),
                                               name: .cartDidChange,
                                               object: nil)
        NotificationCenter.default.addObserver(self,
                                               selector: #selector(handleDeepLink(_:)),
                                               name: .openProductDeepLink,
                                               object: nil)
        NotificationCenter.default.addObserver(self,
                                               selector: #selector(applicationDidBecomeActive),
                                               name: UIApplication.didBecomeActiveNotification,
                                               object: nil)

        // Accessibility / UI tests
        tableView.accessibilityIdentifier = "catalog.table"
        searchBar.accessibilityIdentifier = "catalog.search"
        sortControl.accessibilityIdentifier = "catalog.sort"
        resultsCountLabel.accessibilityTraits = .updatesFrequently

        updateCartBadge()
        updateResultsCount()
    }

    // MARK: - Actions

    @objc func sortChanged(_ sender: UISegmentedControl) {
        let order = ProductFilter.SortOrder.allCases[sender.selectedSegmentIndex]
        activeFilter.sortOrder = order
        AppSettings.shared.sortOrderRawValue = order.rawValue
        applyFilters()
    }

    @objc func didTapFilter(_ sender: Any) {
        let filterController = FilterViewController(filter: activeFilter,
                                                    availableBrands: availableBrands(),
                                                    currencyCode: AppSettings.shared.currencyCode)
        filterController.delegate = self
        let navigation = UINavigationController(rootViewController: filterController)
        navigation.modalPresentationStyle = .formSheet
        present(navigation, animated: true, completion: nil)
    }

    @objc func didTapCategory(_ sender: Any) {
        performSegue(withIdentifier: SegueIdentifier.showCategoryPicker, sender: sender)
    }

    @objc func didTapCart(_ sender: Any) {
        performSegue(withIdentifier: SegueIdentifier.showCart, sender: sender)
    }

    @objc func didTapPromoBanner(_ sender: UITapGestureRecognizer) {
        guard let featured = featuredProduct else { return }
        performSegue(withIdentifier: SegueIdentifier.showFeaturedProduct, sender: featured)
    }

    @objc func handleLongPress(_ gesture: UILongPressGestureRecognizer) {
        guard gesture.state == .began else { return }
        let point = gesture.location(in: tableView)
        guard let indexPath = tableView.indexPathForRow(at: point),
              indexPath.section == 0,
              indexPath.row < filteredProducts.count else { return }

        let product = filteredProducts[indexPath.row]
        let sheet = UIAlertController(title: product.title, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Add to cart", style: .default) { [weak self] _ in
            CartStore.shared.add(product)
            self?.updateCartBadge()
        })
        sheet.addAction(UIAlertAction(title: "Buy now", style: .default) { [weak self] _ in
            self?.performSegue(withIdentifier: SegueIdentifier.showExpressCheckout, sender: product)
        })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        present(sheet, animated: true, completion: nil)
    }

    @objc func cartDidChange(_ notification: Notification) {
        updateCartBadge()
    }

    @objc func handleDeepLink(_ notification: Notification) {
        guard let url = notification.userInfo?["url"] as? URL,
              let idString = url.pathComponents.last,
              let productId = Int(idString) else { return }

        if let product = products.first(where: { $0.id == productId }) {
            showProductDetail(product)
        } else {
            APIClient.shared.fetchProduct(id: productId) { [weak self] result in
                DispatchQueue.main.async {
                    if case .success(let product) = result {
                        self?.showProductDetail(product)
                    }
                }
            }
        }
    }

    @objc func applicationDidBecomeActive() {
        // Refresh when the catalog is older than 30 minutes.
        guard let lastSync = AppSettings.shared.lastCatalogSync else { return }
        if Date().timeIntervalSince(lastSync) > 30 * 60 {
            fetchProducts(reset: true)
        }
    }

    func updateCartBadge() {
        let count = CartStore.shared.itemCount
        cartBarButtonItem.title = count > 0 ? String(format: "Cart (%d)", count) : "Cart"
        navigationController?.tabBarItem.badgeValue = count > 0 ? "\(count)" : nil
    }

    // MARK: - Navigation

    func showProductDetail(_ product: Product) {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        let detail = storyboard.instantiateViewController(withIdentifier: "ProductDetailViewController") as! ProductDetailViewController
        detail.product = product
        detail.delegate = self
        detail.hidesBottomBarWhenPushed = true
        navigationController?.pushViewController(detail, animated: true)

        // Remember for the "recently viewed" carousel on the home screen
        var recent = AppSettings.shared.recentlyViewedProductIds.filter { $0 != product.id }
        recent.insert(product.id, at: 0)
        AppSettings.shared.recentlyViewedProductIds = recent
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        switch segue.identifier {
        case SegueIdentifier.showCart:
            let cart = segue.destination as! CartViewController
            cart.coupon = appliedCoupon
        case SegueIdentifier.showCategoryPicker:
            guard let navigation = segue.destination as? UINavigationController,
                  let picker = navigation.topViewController as? CategoryPickerViewController else { return }
            picker.categories = categories
            picker.selectedCategoryId = selectedCategory?.id
            picker.delegate = self
        case SegueIdentifier.showFeaturedProduct:
            let detail = segue.destination as! ProductDetailViewController
            detail.product = (sender as? Product) ?? featuredProduct
            detail.delegate = self
        case SegueIdentifier.showExpressCheckout:
            let checkout = segue.destination as! CheckoutViewController
            if let product = sender as? Product {
                checkout.cartItems = [CartItem(product: product, quantity: 1)]
            }
            checkout.coupon = appliedCoupon
        default:
            super.prepare(for: segue, sender: sender)
        }
    }
}

// MARK: - ProductDetailDelegate

extension ProductListViewController: ProductDetailDelegate {

    func productDetail(_ controller: ProductDetailViewController, didAddToCart product: Product) {
        updateCartBadge()
    }

    func productDetail(_ controller: ProductDetailViewController,
                       didToggleFavorite product: Product,
                       isFavorite: Bool) {
        setFavorite(isFavorite, for: product)
    }
}

// MARK: - CategoryPickerDelegate

extension ProductListViewController: CategoryPickerDelegate {

    func categoryPicker(_ picker: CategoryPickerViewController, didSelect category: ProductCategory?) {
        selectedCategory = category
        AppSettings.shared.selectedCategoryId = category?.id
        categoryButton.setTitle(category?.name ?? "All categories", for: .normal)
        picker.dismiss(animated: true, completion: nil)
        fetchProducts(reset: true)
    }
}
