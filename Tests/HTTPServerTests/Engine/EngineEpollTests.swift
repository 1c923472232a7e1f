#if os(Linux)
    import CMHDShim
    import CMicroHTTPD
    import Foundation
    import Glibc
    import HTTPServer
    import Locking
    import TestSupport
    import Testing

    /// The engine's `epoll_ctl`: a removal that libmicrohttpd finds already done is done, not a panic. Its
    /// 0.9.75 races with itself over the listening socket when a server stops (see CMHDShim.c), and the loser
    /// of that race aborted the whole process ("Failed to remove listen FD from epoll set").
    @Suite(.timeLimit(.minutes(5))) struct EngineEpollTests {
        /// Where libmicrohttpd's code lies: any of its functions.
        private static var engineAddress: UnsafeRawPointer {
            let quiesce: @convention(c) (OpaquePointer?) -> Int32 = MHD_quiesce_daemon
            return unsafeBitCast(quiesce, to: UnsafeRawPointer.self)
        }

        /// Where the shim's own code lies (the executable, not the library).
        private static var shimAddress: UnsafeRawPointer {
            let own: @convention(c) (UnsafeRawPointer?) -> Int32 = cmhd_is_engine_code
            return unsafeBitCast(own, to: UnsafeRawPointer.self)
        }

        @Test func onlyTheEnginesRemovalOfWhatIsGoneCountsAsDone() {
            #expect(cmhd_is_engine_code(Self.engineAddress) == 1)
            #expect(cmhd_is_engine_code(Self.shimAddress) == 0)
            #expect(cmhd_absent_removal_is_done(Int32(EPOLL_CTL_DEL), ENOENT, Self.engineAddress) == 1)
            // Anyone else's call, another operation or another failure is reported as the system reports it.
            #expect(cmhd_absent_removal_is_done(Int32(EPOLL_CTL_DEL), ENOENT, Self.shimAddress) == 0)
            #expect(cmhd_absent_removal_is_done(Int32(EPOLL_CTL_ADD), ENOENT, Self.engineAddress) == 0)
            #expect(cmhd_absent_removal_is_done(Int32(EPOLL_CTL_DEL), EBADF, Self.engineAddress) == 0)
            #expect(cmhd_absent_removal_is_done(Int32(EPOLL_CTL_DEL), ENOENT, nil) == 0)
        }

        /// The shim's `epoll_ctl` is the one the process uses (the executable's definition comes before libc's, for
        /// libmicrohttpd's calls too), and for any other caller it does what the system call does.
        @Test func theProcessUsesTheShimsEpollCtlAndOthersSeeNoDifference() throws {
            let global = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "epoll_ctl"))
            let libc = try #require(dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD))
            defer { dlclose(libc) }
            let system = try #require(dlsym(libc, "epoll_ctl"))
            #expect(global != system, "the process resolves epoll_ctl to libc's, so libmicrohttpd's panics stand")

            let set = epoll_create1(Int32(EPOLL_CLOEXEC))
            try #require(set >= 0)
            defer { close(set) }
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            defer { for end in ends { close(end) } }
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            #expect(epoll_ctl(set, Int32(EPOLL_CTL_ADD), ends[0], &event) == 0)
            #expect(epoll_ctl(set, Int32(EPOLL_CTL_DEL), ends[0], nil) == 0)
            // Removed twice by a caller that is not the engine: the system's ENOENT, as before.
            #expect(epoll_ctl(set, Int32(EPOLL_CTL_DEL), ends[0], nil) == -1)
            #expect(errno == ENOENT)
        }

        /// A guard, not a proof (the race is too narrow to lose often): servers with four workers each, stopped
        /// while four clients keep them busy, stop cleanly. Before the hook, one full pass in the 13 run here aborted.
        @Test func aServerStoppedWhileItsWorkersAreBusyStopsCleanly() async throws {
            var router = Router()
            router.get("/hello") { _ in .text("hello") }
            for _ in 0..<12 {
                let server = Server(configuration: testConfiguration(threadPoolSize: 4), handler: router.handler())
                try server.start()
                let port = server.port
                let answered = Locked(0)
                let clients = (0..<4).map { _ in
                    Task {
                        try await blocking {
                            guard let connection = try? RawConnection(port: port, timeoutSeconds: 10) else { return }
                            for _ in 0..<2_000 {
                                guard (try? connection.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")) != nil,
                                    (try? connection.readResponse()) != nil
                                else { return }
                                answered.withLock { $0 += 1 }
                            }
                        }
                    }
                }
                // NB: not asserted: on a starved machine the clients may not have started yet; the stop must be
                // clean either way.
                _ = await eventually { answered.withLock { $0 } > 0 }
                await server.shutdown(gracePeriod: .zero)
                for client in clients { _ = try await client.value }
            }
        }
    }
#endif
