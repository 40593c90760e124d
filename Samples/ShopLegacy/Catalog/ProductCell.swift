//
//  ProductCell.swift
//  ShopLegacy
//

import UIKit

final class ProductCell: UITableViewCell {

    static let reuseIdentifier = "ProductCell"

    @IBOutlet weak var thumbnailImageView: UIImageView!
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var brandLabel: UILabel!
    @IBOutlet weak var priceLabel: UILabel!
    @IBOutlet weak var originalPriceLabel: UILabel!
    @IBOutlet weak var ratingLabel: UILabel!
    @IBOutlet weak var saleBadgeLabel: UILabel!
    @IBOutlet weak var stockLabel: UILabel!
    @IBOutlet weak var favoriteButton: UIButton!

    /// URL of the image this cell is currently waiting for (cells get reused mid-download).
    var representedImageURL: URL?
    var onFavoriteTapped: (() -> Void)?

    override func awakeFromNib() {
        super.awakeFromNib()
        thumbnailImageView.layer.cornerRadius = 6
        thumbnailImageView.clipsToBounds = true
        saleBadgeLabel.layer.cornerRadius = 4
        saleBadgeLabel.layer.masksToBounds = true
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        thumbnailImageView.image = UIImage(named: "product-placeholder")
        representedImageURL = nil
        onFavoriteTapped = nil
        originalPriceLabel.attributedText = nil
        saleBadgeLabel.isHidden = true
    }

    func setFavorite(_ isFavorite: Bool) {
        let imageName = isFavorite ? "heart.fill" : "heart"
        favoriteButton.setImage(UIImage(systemName: imageName), for: .normal)
        favoriteButton.accessibilityLabel = isFavorite ? "Remove from favorites" : "Add to favorites"
    }

    @IBAction private func favoriteButtonTapped(_ sender: UIButton) {
        onFavoriteTapped?()
    }
}
