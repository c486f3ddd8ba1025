#if canImport(UIKit) && os(iOS)
import UIKit

/// The full app's first screen when no handoff waits in the App Group: a
/// `UIPasteControl`, so reading the pasteboard is the person's own tap (no
/// paste banner, nothing read behind their back), then the invite's preview
/// and a Join button. Only the drawing is here: what the screen says and
/// when Join shows is ``PasteScreen``'s, which builds and is tested on Linux.
final class PasteInviteController: UIViewController {
    let launch: AppLaunch
    /// Asks the app's backend for a redeemer JWT of the signed-in person; nil when nobody is.
    var redeemerToken: @Sendable () async -> String? = { nil }
    private let status = UILabel()
    private let join = UIButton(configuration: .filled())
    private var screen = PasteScreen.asking {
        didSet { show(screen) }
    }

    init(launch: AppLaunch) {
        self.launch = launch
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        status.numberOfLines = 0
        pasteConfiguration = UIPasteConfiguration(forAccepting: String.self)
        let paste = UIPasteControl(configuration: UIPasteControl.Configuration())
        paste.target = self
        join.setTitle("Join", for: .normal)
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
        show(screen)
    }

    private func show(_ screen: PasteScreen) {
        status.text = screen.status
        join.isHidden = screen.joinable == nil
    }

    override func paste(itemProviders: [NSItemProvider]) {
        guard let provider = itemProviders.first(where: { $0.canLoadObject(ofClass: String.self) }) else { return }
        let launch = launch
        _ = provider.loadObject(ofClass: String.self) { [weak self] text, _ in
            guard let text else { return }
            Task { @MainActor in
                let screen = await launch.pasteScreen(afterPasting: text, limits: ShippedConfiguration.limits)
                self?.screen = screen
            }
        }
    }

    private func redeemPasted() {
        guard let credential = screen.joinable else { return }
        let launch = launch
        let fetchToken = redeemerToken
        Task { @MainActor in
            guard let token = await fetchToken() else { return }
            screen = await launch.pasteScreen(joining: credential, redeemerToken: token)
        }
    }
}
#endif
