//
//  CardScannerViewController.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 02/09/2019.
//  Copyright © 2019 ShopLegacy Inc. All rights reserved.
//

import AVFoundation
import UIKit

/// Reads a card number from the camera and hands it back to checkout.
class CardScannerViewController: UIViewController, AVCaptureMetadataOutputObjectsDelegate {

    @IBOutlet weak var previewContainer: UIView!
    @IBOutlet weak var numberLabel: UILabel!

    var onCardScanned: ((String) -> Void)?

    private let session = AVCaptureSession()
    private let output = AVCaptureMetadataOutput()
    private let scanQueue = DispatchQueue(label: "com.shoplegacy.card-scan")
    private let torch = TorchController()

    /// Written on `scanQueue` by the capture callback, read on the main thread by `useCardTapped`.
    private var lastScannedNumber: String?
    private var scanCount = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        torch.owner = self
        session.addOutput(output)
        output.setMetadataObjectsDelegate(self, queue: scanQueue)
        session.startRunning()
    }

    func metadataOutput(_ output: AVCaptureMetadataOutput, didOutput metadataObjects: [AVMetadataObject],
                        from connection: AVCaptureConnection) {
        lastScannedNumber = (metadataObjects.first as? AVMetadataMachineReadableCodeObject)?.stringValue
        scanCount += 1
    }

    @IBAction func useCardTapped(_ sender: Any) {
        guard let number = lastScannedNumber else { return }
        let masked = String(format: "•••• %@", String(number.suffix(4)))
        numberLabel.text = masked
        UserDefaults.standard.set(scanCount, forKey: "cardScanner.attempts")
        onCardScanned?(number)
        dismiss(animated: true, completion: nil)
    }

    @IBAction func torchTapped(_ sender: Any) {
        torch.toggle()
    }
}

/// Switches the camera light and shows an alert on its owner when the device has none.
final class TorchController {
    var owner: UIViewController?

    func toggle() {
        guard let device = AVCaptureDevice.default(for: .video), device.hasTorch else {
            owner?.present(UIAlertController(title: "No light", message: nil, preferredStyle: .alert), animated: true)
            return
        }
        try? device.lockForConfiguration()
        device.torchMode = device.torchMode == .on ? .off : .on
        device.unlockForConfiguration()
    }
}
