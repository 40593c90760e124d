//
//  DashboardViewController.swift
//  FitTrack
//
//  Created by Lena Vogt on 11/05/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//
//  Passive view: forwards events to the presenter and renders view models. No I/O, no
//  formatting, no navigation of its own.
//

import UIKit

final class DashboardViewController: UIViewController {

    private enum Section: Int, CaseIterable {
        case activities
        case goals
    }

    private let presenter: DashboardPresenterInput
    private var viewModel: DashboardViewModel?

    // MARK: - Views

    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private let refreshControl = UIRefreshControl()
    private let loadingIndicator = UIActivityIndicatorView(style: .large)
    private let statsStack = UIStackView()
    private let errorBanner = UIView()
    private let errorLabel = UILabel()
    private let retryButton = UIButton(type: .system)

    // MARK: - Init

    init(presenter: DashboardPresenterInput) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("DashboardViewController is built by DashboardModule")
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        configureNavigationItem()
        configureTableView()
        configureErrorBanner()
        presenter.viewDidLoad()
    }

    // MARK: - Setup

    private func configureNavigationItem() {
        navigationItem.largeTitleDisplayMode = .always
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(shareTapped)),
            UIBarButtonItem(image: UIImage(systemName: "questionmark.circle"),
                            style: .plain,
                            target: self,
                            action: #selector(helpTapped))
        ]
    }

    private func configureTableView() {
        tableView.translatesAutoresizingMaskIntoConstraints = false
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "ActivityCell")
        tableView.register(GoalCell.self, forCellReuseIdentifier: GoalCell.reuseIdentifier)
        tableView.refreshControl = refreshControl
        refreshControl.addTarget(self, action: #selector(pulledToRefresh), for: .valueChanged)

        statsStack.axis = .horizontal
        statsStack.distribution = .fillEqually
        statsStack.spacing = 12
        statsStack.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 96)
        statsStack.layoutMargins = UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        statsStack.isLayoutMarginsRelativeArrangement = true
        tableView.tableHeaderView = statsStack

        loadingIndicator.translatesAutoresizingMaskIntoConstraints = false
        loadingIndicator.hidesWhenStopped = true

        view.addSubview(tableView)
        view.addSubview(loadingIndicator)
        NSLayoutConstraint.activate([
            tableView.topAnchor.constraint(equalTo: view.topAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            loadingIndicator.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            loadingIndicator.centerYAnchor.constraint(equalTo: view.centerYAnchor)
        ])
    }

    private func configureErrorBanner() {
        errorBanner.translatesAutoresizingMaskIntoConstraints = false
        errorBanner.backgroundColor = .secondarySystemBackground
        errorBanner.layer.cornerRadius = 12
        errorBanner.isHidden = true

        errorLabel.numberOfLines = 0
        errorLabel.textAlignment = .center
        retryButton.addTarget(self, action: #selector(retryTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [errorLabel, retryButton])
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        errorBanner.addSubview(stack)
        view.addSubview(errorBanner)

        NSLayoutConstraint.activate([
            errorBanner.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            errorBanner.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            errorBanner.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -16),
            stack.topAnchor.constraint(equalTo: errorBanner.topAnchor, constant: 16),
            stack.bottomAnchor.constraint(equalTo: errorBanner.bottomAnchor, constant: -16),
            stack.leadingAnchor.constraint(equalTo: errorBanner.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: errorBanner.trailingAnchor, constant: -16)
        ])
    }

    private func makeStatTile(_ tile: StatTileViewModel) -> UIView {
        let title = UILabel()
        title.text = tile.title
        title.font = UIFont.preferredFont(forTextStyle: .caption1)
        title.textColor = .secondaryLabel

        let value = UILabel()
        value.text = tile.value
        value.font = UIFont.preferredFont(forTextStyle: .title2)
        value.adjustsFontSizeToFitWidth = true

        let caption = UILabel()
        caption.text = tile.caption
        caption.font = UIFont.preferredFont(forTextStyle: .caption2)
        caption.textColor = .tertiaryLabel

        let stack = UIStackView(arrangedSubviews: [title, value, caption])
        stack.axis = .vertical
        stack.spacing = 2
        stack.backgroundColor = .secondarySystemGroupedBackground
        stack.layer.cornerRadius = 10
        stack.layoutMargins = UIEdgeInsets(top: 8, left: 10, bottom: 8, right: 10)
        stack.isLayoutMarginsRelativeArrangement = true
        return stack
    }

    // MARK: - Actions

    @objc private func pulledToRefresh() {
        presenter.didPullToRefresh()
    }

    @objc private func retryTapped() {
        presenter.didTapRetry()
    }

    @objc private func shareTapped() {
        presenter.didTapShareSummary()
    }

    @objc private func helpTapped() {
        presenter.didTapHelp()
    }

    @objc private func seeAllGoalsTapped() {
        presenter.didTapSeeAllGoals()
    }
}

// MARK: - DashboardViewInput

extension DashboardViewController: DashboardViewInput {

    func display(_ viewModel: DashboardViewModel) {
        self.viewModel = viewModel
        title = viewModel.greeting
        errorBanner.isHidden = true
        refreshControl.endRefreshing()

        statsStack.arrangedSubviews.forEach { $0.removeFromSuperview() }
        viewModel.stats.map(makeStatTile).forEach(statsStack.addArrangedSubview)

        tableView.backgroundView = viewModel.emptyMessage.map { message in
            let label = UILabel()
            label.text = message
            label.textAlignment = .center
            label.textColor = .secondaryLabel
            return label
        }
        tableView.reloadData()
    }

    func displayLoading(_ isLoading: Bool) {
        if isLoading && viewModel == nil {
            loadingIndicator.startAnimating()
        } else {
            loadingIndicator.stopAnimating()
            refreshControl.endRefreshing()
        }
    }

    func displayError(_ viewModel: DashboardErrorViewModel) {
        errorLabel.text = viewModel.message
        retryButton.setTitle(viewModel.retryTitle, for: .normal)
        errorBanner.isHidden = false
    }
}

// MARK: - UITableViewDataSource

extension DashboardViewController: UITableViewDataSource {

    func numberOfSections(in tableView: UITableView) -> Int {
        return viewModel == nil ? 0 : Section.allCases.count
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        switch Section(rawValue: section) {
        case .activities?: return viewModel?.activities.count ?? 0
        case .goals?: return viewModel?.goals.count ?? 0
        case nil: return 0
        }
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        switch Section(rawValue: indexPath.section) {
        case .goals?:
            let cell = tableView.dequeueReusableCell(withIdentifier: GoalCell.reuseIdentifier, for: indexPath)
            if let goalCell = cell as? GoalCell, let row = viewModel?.goals[indexPath.row] {
                goalCell.render(row)
            }
            return cell
        default:
            let cell = tableView.dequeueReusableCell(withIdentifier: "ActivityCell", for: indexPath)
            guard let row = viewModel?.activities[indexPath.row] else { return cell }
            var content = UIListContentConfiguration.valueCell()
            content.image = UIImage(systemName: row.iconName)
            content.text = row.title
            content.secondaryText = row.detail
            cell.contentConfiguration = content
            cell.accessibilityHint = row.subtitle
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }
}

// MARK: - UITableViewDelegate

extension DashboardViewController: UITableViewDelegate {

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        guard Section(rawValue: section) == .goals else { return nil }
        let button = UIButton(type: .system)
        button.setTitle(NSLocalizedString("dashboard.goals.seeAll", comment: "Goals — see all"), for: .normal)
        button.contentHorizontalAlignment = .trailing
        button.addTarget(self, action: #selector(seeAllGoalsTapped), for: .touchUpInside)
        return button
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard Section(rawValue: indexPath.section) == .activities else { return }
        presenter.didSelectActivity(at: indexPath.row)
    }
}

// MARK: - GoalCell

final class GoalCell: UITableViewCell {

    static let reuseIdentifier = "GoalCell"

    private let titleLabel = UILabel()
    private let progressLabel = UILabel()
    private let progressView = UIProgressView(progressViewStyle: .bar)

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        progressLabel.textColor = .secondaryLabel
        let top = UIStackView(arrangedSubviews: [titleLabel, progressLabel])
        let stack = UIStackView(arrangedSubviews: [top, progressView])
        stack.axis = .vertical
        stack.spacing = 6
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
            stack.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor),
            stack.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor)
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func render(_ row: GoalRowViewModel) {
        titleLabel.text = row.title
        progressLabel.text = row.progressText
        progressView.progress = row.progress
        progressView.tintColor = row.isComplete ? .systemGreen : .systemBlue
    }
}
