package io.replsim.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The floor under a node's sync replication at a node's rate: three peer JVMs on loopback, each sending a frame to
 * the other two at a paced rate and waiting for both answers (write, write, read, read, as the direct streams do),
 * and answering the other two's frames on one thread per connection (read, 16-byte answer, as the stream server
 * does), with nothing else in the process: no HTTP, no codec, no session store. Each peer prints, over a window
 * after a warm-up, its CPU and context switches per round, split into the sending thread and the answering threads.
 * What a replsim node's replication costs above this is replsim's; this much is the blocking socket's, paced, on
 * this machine. Bounded by {@code warm-up + window} seconds; the peers exit with the coordinator.
 *
 * <p>Run: {@code java -cp benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)
 * io.replsim.bench.PacedExchangeFloor [rate/s] [frame bytes] [warm-up s] [window s] [answer wait] [frame fate]
 * [streams per peer] [frames]} after {@code benchmarks/run -l} (which builds); defaults 157, 3300, 20, 40, AS_SENT,
 * DISCARDED, 1, 1 (a cost scenario's node: ~157 requests/s, a 3.3 KB update). With several streams per peer the
 * rounds take them in turn, so each answering thread wakes for every n-th frame only, as a node's pooled streams
 * spread a member's frames over their server threads. With several frames the rounds send them in turn, as a node
 * sends its sessions. Figures in docs/benchmarks.md.
 */
public final class PacedExchangeFloor {
    private static final int ANSWER_BYTES = 16;
    private static final int PEERS = 3;
    private static final int SOCKET_BUFFER_BYTES = 1 << 17;
    private static final ThreadGroupCpu THREADS = ThreadGroupCpu.answeringOn("answer-in");

    /** How the sending thread waits for the answers: in which order, and whether it polls before sleeping. */
    public enum AnswerWait {
        /** The first peer's first, as the frames went out. */
        AS_SENT,
        /** The last peer's first: its frame left last, so its answer is likely the last to come. */
        LAST_SENT_FIRST,
        /** As sent, but polling for each answer up to 100 µs before sleeping on it. */
        SPIN_100_US,
        /** As sent, but polling for each answer up to 300 µs before sleeping on it. */
        SPIN_300_US
    }

    /** What the answering thread does with a frame it read. */
    public enum FrameFate {
        /** Nothing: every frame is read into one buffer, used again for the next (the bare exchange). */
        DISCARDED,
        /**
         * Keeps it: every frame is read into an array of its own, held until the next, as a backup holds the
         * latest copy of what it was sent, in memory it did not touch a moment before.
         */
        KEPT
    }

    private PacedExchangeFloor() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("peer")) {
            peer(args);
            return;
        }
        int rate;
        int frameBytes;
        int warmSeconds;
        int windowSeconds;
        AnswerWait wait;
        FrameFate fate;
        int streams;
        int frames;
        try {
            rate = args.length > 0 ? Integer.parseInt(args[0]) : 157;
            frameBytes = args.length > 1 ? Integer.parseInt(args[1]) : 3300;
            warmSeconds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
            windowSeconds = args.length > 3 ? Integer.parseInt(args[3]) : 40;
            wait = args.length > 4 ? AnswerWait.valueOf(args[4]) : AnswerWait.AS_SENT;
            fate = args.length > 5 ? FrameFate.valueOf(args[5]) : FrameFate.DISCARDED;
            streams = args.length > 6 ? Integer.parseInt(args[6]) : 1;
            frames = args.length > 7 ? Integer.parseInt(args[7]) : 1;
            if (rate < 1 || frameBytes < 0 || warmSeconds < 0 || windowSeconds < 1 || streams < 1 || frames < 1) {
                throw new IllegalArgumentException("out of range");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("usage: PacedExchangeFloor [rate/s >= 1] [frame bytes >= 0] [warm-up s >= 0]"
                    + " [window s >= 1] " + java.util.Arrays.toString(AnswerWait.values()) + " "
                    + java.util.Arrays.toString(FrameFate.values()) + " [streams per peer >= 1] [frames >= 1]; got "
                    + String.join(" ", args));
            System.exit(2);
            return;
        }
        System.out.printf("%d peers, each sending %d B (the next of %d frames) to the other two %d times/s, answers"
                + " waited for %s, frames %s, %d stream(s) per peer; warm-up %d s, window %d s; load %.2f%n", PEERS,
                frameBytes, frames, rate, wait, fate, streams, warmSeconds, windowSeconds, PeerJvms.loadAverage());
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < PEERS; i++) {
            ports.add(LoopbackPorts.freePortPair());
        }
        List<List<String>> peers = new ArrayList<>();
        for (int i = 0; i < PEERS; i++) {
            List<String> main = new ArrayList<>(List.of(PacedExchangeFloor.class.getName(), "peer",
                    String.valueOf(i), String.valueOf(rate), String.valueOf(frameBytes), String.valueOf(warmSeconds),
                    String.valueOf(windowSeconds), wait.name(), fate.name(), String.valueOf(streams),
                    String.valueOf(frames)));
            ports.forEach(port -> main.add(String.valueOf(port)));
            peers.add(main);
        }
        PeerJvms.run(peers);
        System.out.printf("load at the end %.2f%n", PeerJvms.loadAverage());
    }

    private static void peer(String[] args) throws Exception {
        int self = Integer.parseInt(args[1]);
        int rate = Integer.parseInt(args[2]);
        int frameBytes = Integer.parseInt(args[3]);
        Duration warm = Duration.ofSeconds(Integer.parseInt(args[4]));
        Duration window = Duration.ofSeconds(Integer.parseInt(args[5]));
        AnswerWait wait = AnswerWait.valueOf(args[6]);
        FrameFate fate = FrameFate.valueOf(args[7]);
        int streams = Integer.parseInt(args[8]);
        int frames = Integer.parseInt(args[9]);
        List<Integer> ports = Stream.of(args).skip(10).map(Integer::valueOf).toList();
        InetAddress loopback = InetAddress.getLoopbackAddress();
        var server = new ServerSocket();
        server.setReceiveBufferSize(SOCKET_BUFFER_BYTES);
        server.bind(new InetSocketAddress(loopback, ports.get(self)), 50);
        Thread.ofPlatform().daemon().name("answer-accept").start(() -> acceptAll(server, fate));
        // others.get(k): the k-th stream to each other peer; a round uses one k for both.
        List<List<SocketChannel>> others = new ArrayList<>();
        for (int k = 0; k < streams; k++) {
            List<SocketChannel> turn = new ArrayList<>();
            for (int i = 0; i < ports.size(); i++) {
                if (i != self) {
                    turn.add(connect(new InetSocketAddress(loopback, ports.get(i))));
                }
            }
            others.add(turn);
        }
        // Its own named thread, so its CPU and switches are told apart from the JVM's in /proc/self/task.
        var sending = new FutureTask<>(() -> sendPaced(others, wait, rate, frameBytes, frames, warm, window));
        Thread.ofPlatform().name("sender").start(sending);
        ThreadGroupCpu.report(self, sending.get(), "two frames out, two in");
        PeerJvms.awaitTheEnd();
    }

    /**
     * Every period, the next frame to each other peer, then both answers; frames of 0 bytes send nothing (the
     * pacing's own cost). With many frames each round sends the next, as a node sends the next of its sessions:
     * held in more memory than the caches, each is read from memory, where one frame sent again stays cached.
     */
    private static ThreadGroupCpu.Window sendPaced(List<List<SocketChannel>> turns, AnswerWait wait, int rate,
                                                   int frameBytes, int frames, Duration warm, Duration window)
            throws Exception {
        byte[][] inTurn = new byte[frames][];
        for (int i = 0; i < frames; i++) {
            inTurn[i] = new byte[frameBytes];
            ThreadLocalRandom.current().nextBytes(inTurn[i]);
        }
        List<List<DataInputStream>> answerTurns = new ArrayList<>();
        for (List<SocketChannel> turn : turns) {
            List<DataInputStream> answers = new ArrayList<>();
            for (SocketChannel channel : turn) {
                answers.add(new DataInputStream(new BufferedInputStream(channel.socket().getInputStream())));
            }
            answerTurns.add(wait == AnswerWait.LAST_SENT_FIRST ? answers.reversed() : answers);
        }
        ByteBuffer header = ByteBuffer.allocate(Integer.BYTES);
        return PacedRounds.run(THREADS, rate, warm, window, turn -> {
            int stream = (int) (turn % turns.size());
            if (frameBytes > 0) {
                exchange(turns.get(stream), answerTurns.get(stream), inTurn[(int) (turn % frames)], header, wait);
            }
        });
    }

    /**
     * One round's frames out and answers in. A method of its own, as a node's send is: a loop of a few hundred turns a
     * second stays interpreted for minutes (HotSpot compiles a loop on stack after 60,000 turns), a method called
     * that often is compiled within seconds.
     */
    private static void exchange(List<SocketChannel> others, List<DataInputStream> answers, byte[] frame,
                                 ByteBuffer header, AnswerWait wait) throws IOException {
        for (SocketChannel channel : others) {
            header.clear().putInt(frame.length).flip();
            ByteBuffer body = ByteBuffer.wrap(frame);
            ByteBuffer[] buffers = {header, body};
            while (body.hasRemaining()) {
                channel.write(buffers);
            }
        }
        for (DataInputStream in : answers) {
            spin(in, wait);
            int length = in.readInt();
            in.readFully(new byte[length]);
        }
    }

    private static void spin(DataInputStream in, AnswerWait wait) throws IOException {
        long spinNanos = switch (wait) {
            case SPIN_100_US -> 100_000;
            case SPIN_300_US -> 300_000;
            case AS_SENT, LAST_SENT_FIRST -> 0;
        };
        long until = System.nanoTime() + spinNanos;
        while (spinNanos > 0 && in.available() < Integer.BYTES && System.nanoTime() - until < 0) {
            Thread.onSpinWait();
        }
    }

    private static SocketChannel connect(InetSocketAddress endpoint) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            var channel = SocketChannel.open();
            try {
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                channel.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER_BYTES);
                channel.connect(endpoint);
                return channel;
            } catch (IOException notYet) {
                channel.close();
                if (System.nanoTime() - deadline >= 0) {
                    throw notYet;
                }
                Thread.sleep(50);
            }
        }
    }

    private static void acceptAll(ServerSocket server, FrameFate fate) {
        try {
            while (true) {
                Socket peer = server.accept();
                Thread.ofPlatform().daemon().name("answer-in").start(() -> answer(peer, fate));
            }
        } catch (IOException closed) {
            // the peer exits
        }
    }

    private static void answer(Socket socket, FrameFate fate) {
        try (socket) {
            socket.setTcpNoDelay(true);
            var in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            var out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            byte[] buffer = new byte[0];
            byte[] answer = new byte[ANSWER_BYTES];
            while (true) {
                buffer = answerOne(in, out, buffer, answer, fate);
            }
        } catch (IOException closed) {
            // the sender exited
        }
    }

    /** Reads one frame and answers it; a method of its own so that it is compiled (see {@link #exchange}). */
    private static byte[] answerOne(DataInputStream in, DataOutputStream out, byte[] buffer, byte[] answer,
                                    FrameFate fate) throws IOException {
        int length = in.readInt();
        byte[] into = buffer.length < length || fate == FrameFate.KEPT ? new byte[length] : buffer;
        in.readFully(into, 0, length);
        out.writeInt(answer.length);
        out.write(answer);
        out.flush();
        return into;
    }
}
