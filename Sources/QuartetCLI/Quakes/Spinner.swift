import Foundation

/// A spinner on standard error while something loads; silent unless standard output is a terminal.
struct Spinner {
    private let task: Task<Void, Never>?
    private let console: Console

    init(console: Console, message: String) {
        self.console = console
        guard console.isTerminal else {
            task = nil
            return
        }
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        // NB: the first frame is drawn at once, so even a fast load shows that something happened.
        console.writeError("\r\(frames[0]) \(message)")
        task = Task {
            var index = 1
            try? await Task.sleep(for: .milliseconds(80))
            while !Task.isCancelled {
                console.writeError("\r\(frames[index % frames.count]) \(message)")
                index += 1
                try? await Task.sleep(for: .milliseconds(80))
            }
        }
    }

    /// Stops and clears the line.
    func stop() async {
        guard let task else { return }
        task.cancel()
        await task.value
        console.writeError("\r\u{1B}[K")
    }
}
