//
//  ProfileViewController+Avatar.swift
//  ShopLegacy
//
//  Created by Jonas Ebert on 27/02/2019.
//  Copyright © 2019 ShopLegacy Inc. All rights reserved.
//

import UIKit

extension ProfileViewController: UIImagePickerControllerDelegate, UINavigationControllerDelegate {

    // MARK: - Storage

    var avatarFileURL: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("avatar.jpg")
    }

    func loadAvatarFromDisk() {
        let path = avatarFileURL.path
        guard FileManager.default.fileExists(atPath: path),
              let data = FileManager.default.contents(atPath: path),
              let image = UIImage(data: data) else {
            avatarImageView.image = UIImage(named: "avatar-placeholder")
            return
        }
        avatarImageView.image = image
    }

    func saveAvatar(_ image: UIImage) -> Data? {
        let resized = resizedAvatar(image, maxSide: 512)
        guard let data = resized.jpegData(compressionQuality: 0.8) else { return nil }
        do {
            let directory = avatarFileURL.deletingLastPathComponent()
            if !FileManager.default.fileExists(atPath: directory.path) {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: nil)
            }
            try data.write(to: avatarFileURL, options: [.atomic, .completeFileProtection])
        } catch {
            print("Could not write avatar: \(error)")
        }
        return data
    }

    private func resizedAvatar(_ image: UIImage, maxSide: CGFloat) -> UIImage {
        let scale = min(1, maxSide / max(image.size.width, image.size.height))
        let size = CGSize(width: image.size.width * scale, height: image.size.height * scale)
        let renderer = UIGraphicsImageRenderer(size: size)
        return renderer.image { _ in
            image.draw(in: CGRect(origin: .zero, size: size))
        }
    }

    // MARK: - Picking

    @IBAction func editAvatarTapped(_ sender: Any) {
        let sheet = UIAlertController(title: "Profile photo", message: nil, preferredStyle: .actionSheet)
        if UIImagePickerController.isSourceTypeAvailable(.camera) {
            sheet.addAction(UIAlertAction(title: "Take photo", style: .default) { [weak self] _ in
                self?.showImagePicker(sourceType: .camera)
            })
        }
        sheet.addAction(UIAlertAction(title: "Choose from library", style: .default) { [weak self] _ in
            self?.showImagePicker(sourceType: .photoLibrary)
        })
        if FileManager.default.fileExists(atPath: avatarFileURL.path) {
            sheet.addAction(UIAlertAction(title: "Remove photo", style: .destructive) { [weak self] _ in
                guard let self = self else { return }
                try? FileManager.default.removeItem(at: self.avatarFileURL)
                self.loadAvatarFromDisk()
            })
        }
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        sheet.popoverPresentationController?.sourceView = editAvatarButton
        present(sheet, animated: true, completion: nil)
    }

    func showImagePicker(sourceType: UIImagePickerController.SourceType) {
        let picker = UIImagePickerController()
        picker.sourceType = sourceType
        picker.allowsEditing = true
        picker.delegate = self
        present(picker, animated: true, completion: nil)
    }

    func imagePickerController(_ picker: UIImagePickerController,
                               didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        picker.dismiss(animated: true, completion: nil)
        guard let image = (info[.editedImage] ?? info[.originalImage]) as? UIImage else { return }

        avatarImageView.image = image
        guard let data = saveAvatar(image) else { return }

        APIClient.shared.uploadAvatar(data) { [weak self] result in
            DispatchQueue.main.async {
                if case .failure(let error) = result {
                    self?.showError(error)
                }
            }
        }
    }

    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        picker.dismiss(animated: true, completion: nil)
    }
}
