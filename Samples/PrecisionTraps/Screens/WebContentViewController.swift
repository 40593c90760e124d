//
//  WebContentViewController.swift
//  PrecisionTraps
//
//  TRAPS — mentioning a type is not using it:
//  - `URLSession.AuthChallengeDisposition` appears only in the signature of a
//    WKNavigationDelegate method;
//  - a `URLRequest` is built only to be handed to `webView.load(_:)`;
//  - external links go to `UIApplication.shared.open(url)`.
//  The view controller starts no network I/O itself: no vc-networking.
//  Also: the KVO token kept by self captures [weak self] — no strong-self-in-stored-closure.
//

import UIKit
import WebKit

final class WebContentViewController: UIViewController, WKNavigationDelegate {

    private let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
    private let progressView = UIProgressView(progressViewStyle: .bar)
    private let startURL: URL
    private var progressObservation: NSKeyValueObservation?

    init(url: URL) {
        self.startURL = url
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        webView.navigationDelegate = self
        webView.allowsBackForwardNavigationGestures = true
        webView.frame = view.bounds
        webView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(webView)

        progressView.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 2)
        progressView.autoresizingMask = [.flexibleWidth]
        view.addSubview(progressView)

        progressObservation = webView.observe(\.estimatedProgress, options: [.new]) { [weak self] webView, _ in
            self?.progressView.progress = Float(webView.estimatedProgress)
            self?.progressView.isHidden = webView.estimatedProgress >= 1
        }

        var request = URLRequest(url: startURL, cachePolicy: .returnCacheDataElseLoad, timeoutInterval: 20)
        request.setValue("traps-ios", forHTTPHeaderField: "X-Embedded-Client")
        webView.load(request)
    }

    // MARK: - WKNavigationDelegate

    func webView(_ webView: WKWebView,
                 decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        guard let url = navigationAction.request.url else {
            decisionHandler(.cancel)
            return
        }
        if url.host == startURL.host || navigationAction.navigationType == .other {
            decisionHandler(.allow)
            return
        }
        // Links that leave our help center open in Safari.
        UIApplication.shared.open(url, options: [:], completionHandler: nil)
        decisionHandler(.cancel)
    }

    func webView(_ webView: WKWebView,
                 didReceive challenge: URLAuthenticationChallenge,
                 completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        completionHandler(.performDefaultHandling, nil)
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        title = webView.title
    }
}
