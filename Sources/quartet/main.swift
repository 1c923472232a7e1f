import Foundation
import QuartetCLI

// NB: the exit code travels through a local so that `exit` runs on the main thread after the await.
let code = await QuartetTool.run(Array(CommandLine.arguments.dropFirst()))
exit(code)
