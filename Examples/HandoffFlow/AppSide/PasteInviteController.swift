#if canImport(UIKit) && os(iOS)
import BatonClient
import BatonLinks
import UIKit

/// The full app's first screen when no handoff waits in the App Group: a
/// `UIPasteControl`, so reading the pasteboard is the person's own tap (no
/// paste banner, nothing read behind their back), then the invite's preview
/// and a Join button.
final class PasteInviteController: UIViewController {
    let launch: AppLaunch
    /// Asks the app's backend for a redeemer JWT of the signed-in person; nil when nobody is.
    var redeemerToken: @Sendable () async -> String? = { nil }
    private let status = UILabel()
    private let join = UIButton(configuration: .filled())
    private var pasted: Credential?

    init(launch: AppLaunch) {
        self.launch = launch
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        status.text = "Got an invite? Copy the link or the code, then paste it here."
        status.numberOfLines = 0
        pasteConfiguration = UIPasteConfiguration(forAccepting: String.self)
        let paste = UIPasteControl(configuration: UIPasteControl.Configuration())
        paste.target = self
        join.setTitle("Join", for: .normal)
        join.isHidden = true
        join.addAction(UIAction { [weak self] _ in self?.redeemPasted() }, for: .primaryActionTriggered)
        let stack = UIStackView(arrangedSubviews: [status, paste, join])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }

    override func paste(itemProviders: [NSItemProvider]) {
        guard let provider = itemProviders.first(where: { $0.canLoadObject(ofClass: String.self) }) else { return }
        _ = provider.loadObject(ofClass: String.self) { [weak self] text, _ in
            guard let text else { return }
            Task { @MainActor in await self?.preview(text) }
        }
    }

    private func preview(_ text: String) async {
        do throws(FlowError) {
            let (credential, preview) = try await launch.previewPasted(text, limits: ShippedConfiguration.limits)
            pasted = credential
            status.text = "Join \(preview.familyName)" + (preview.inviterName.map { ", invited by \($0)?" } ?? "?")
            join.isHidden = false
        } catch {
            status.text = error.message
        }
    }

    private func redeemPasted() {
        guard let credential = pasted else { return }
        let launch = launch
        let fetchToken = redeemerToken
        Task { @MainActor in
            guard let token = await fetchToken() else { return }
            do throws(FlowError) {
                let receipt = try await launch.redeem(credential, redeemerToken: token)
                status.text = "You joined the family \(receipt.familyId)."
                join.isHidden = true
            } catch {
                status.text = error.message
            }
        }
    }
}
#endif
