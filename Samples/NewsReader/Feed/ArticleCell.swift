//
//  ArticleCell.swift
//  NewsReader
//

import UIKit

final class ArticleCell: UITableViewCell {

    static let identifier = "ArticleCell"

    @IBOutlet weak var thumbnailView: UIImageView!
    @IBOutlet weak var sourceLabel: UILabel!
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var summaryLabel: UILabel!
    @IBOutlet weak var metaLabel: UILabel!
    @IBOutlet weak var bookmarkIcon: UIImageView!
    @IBOutlet weak var breakingBadge: UILabel!

    var imageRequestID: UUID?

    override func awakeFromNib() {
        super.awakeFromNib()
        thumbnailView.layer.cornerRadius = 4
        thumbnailView.clipsToBounds = true
        breakingBadge.layer.cornerRadius = 3
        breakingBadge.clipsToBounds = true
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        imageRequestID = nil
        thumbnailView.image = nil
        breakingBadge.isHidden = true
        bookmarkIcon.isHidden = true
    }
}
