package io.replsim.replication.transport;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.marshalling.MarshalledMessage;
import io.replsim.replication.marshalling.FrameBytes;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.marshalling.RejectedMessageException;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.transport.stream.StreamSender;
import io.replsim.replication.transport.stream.StreamServer;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.MergeView;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.blocks.MessageDispatcher;
import org.jgroups.blocks.RequestOptions;
import org.jgroups.blocks.ResponseMode;
import org.jgroups.protocols.TP;
import org.jgroups.stack.Protocol;
import org.jgroups.util.Rsp;
import org.jgroups.util.RspList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * One node's JGroups channel: sends replication messages and waits for acks, hands received messages that pass
 * the allow-list to an {@link InboundHandler}, and records the views it installs. Requests and acks travel as
 * bytes this class (de)serializes itself, so JGroups never deserializes a Java object from a peer on our behalf.
 * Large messages may take a direct stream to the member instead ({@link LargeMessagePath}); they are read through
 * the same allow-list and answered with the same acks, and any stream that fails sends them through JGroups.
 */
public final class ClusterTransport implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ClusterTransport.class);
    /**
     * How long a request from a sender outside this member's view waits for a view that admits it: members push
     * sessions to a joiner as soon as they install the view with it, which can be before the joiner installed that
     * view itself (measured: 1-5 ms after, in the in-JVM tests).
     */
    static final Duration VIEW_WAIT = Duration.ofSeconds(2);

    private final NodeId self;
    private final String clusterName;
    private final JChannel channel;
    private final MessageDispatcher dispatcher;
    private final MessageMarshaller marshaller;
    private final AckCodec ackCodec;
    private final ViewHistory views = new ViewHistory();
    private final TransportCounters counters = new TransportCounters();
    private final List<Consumer<Rejection>> rejectionListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<ClusterView>> viewListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<MergeInstalled>> mergeListeners = new CopyOnWriteArrayList<>();
    private volatile InboundHandler inbound = (sender, message) -> new Ack(AckStatus.BUSY, "not started");
    private volatile Map<NodeId, Address> addresses = Map.of();
    /** Notified at every view, for requests that wait for one ({@link #VIEW_WAIT}). */
    private final Object viewInstalled = new Object();
    /** Empty when the stack sends every message through JGroups. */
    private final Optional<LargeMessageStreams> streams;
    /**
     * The transport, found once: {@code getTransport()} walks the stack down to it, and every frame a direct stream
     * takes asks whether the stack is as built ({@link #faultFree}).
     */
    private final TP transport;
    /** What sits right above the transport as built: anything else there is an inserted fault. */
    private final Protocol aboveTransport;

    private ClusterTransport(NodeId self, String clusterName, StackSpec stack, MessageMarshaller marshaller)
            throws Exception {
        this.self = self;
        this.clusterName = clusterName;
        this.marshaller = marshaller;
        this.ackCodec = new AckCodec(marshaller);
        this.channel = new JChannel(stack.protocols()).name(self.name());
        this.transport = channel.getProtocolStack().getTransport();
        this.aboveTransport = transport.getUpProtocol();
        Optional<LargeMessageStreams> started = Optional.empty();
        try {
            if (stack.largeMessages() instanceof LargeMessagePath.DirectStreams settings) {
                long maxFrame = Math.min(Integer.MAX_VALUE, marshaller.limits().maxStreamBytes());
                started = Optional.of(LargeMessageStreams.start(settings, stack, clusterName, self, maxFrame,
                        new StreamServer.Admission() {
                            @Override
                            public boolean isMember(NodeId sender) {
                                return addresses.containsKey(sender);
                            }

                            @Override
                            public boolean takesFrames() {
                                return faultFree();
                            }

                            @Override
                            public void refused(String reason) {
                                counters.peerRefused();
                            }
                        }, this::handleFrame));
            }
            channel.addAddressGenerator(MemberAddresses.carrying(self, started.map(LargeMessageStreams::endpoint)));
            PeerRefusals.report(channel, counters::peerRefused);
            this.dispatcher = new MessageDispatcher(channel, this::handleRequest);
        } catch (Exception | Error e) {
            started.ifPresent(LargeMessageStreams::close);
            channel.close();
            throw e;
        }
        this.streams = started;
        dispatcher.setReceiver(new Receiver() {
            @Override
            public void viewAccepted(View view) {
                install(view);
            }
        });
    }

    /** A transport with its channel built but not connected: wire the inbound handler, then {@link #connect}. */
    public static ClusterTransport create(NodeId self, String clusterName, StackSpec stack,
                                          MessageMarshaller marshaller) throws Exception {
        Objects.requireNonNull(self, "self");
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(stack, "stack");
        Objects.requireNonNull(marshaller, "marshaller");
        return new ClusterTransport(self, clusterName, stack, marshaller);
    }

    /** Joins the cluster (or founds it); returns once the first view is installed. */
    public void connect(InboundHandler handler) throws Exception {
        this.inbound = Objects.requireNonNull(handler, "handler");
        channel.connect(clusterName);
    }

    /** The codec of this member's frames: also what freezes an update that is sent after its session's lock. */
    public MessageMarshaller marshaller() {
        return marshaller;
    }

    public NodeId self() {
        return self;
    }

    public ClusterView view() {
        return views.current().map(ViewRecord::view)
                .orElseGet(() -> new ClusterView("[" + self + "|-]", List.of(self)));
    }

    public ViewHistory views() {
        return views;
    }

    /** This member's JGroups address, which also says where its direct streams listen ({@code StreamEndpoints}). */
    Address address() {
        return channel.getAddress();
    }

    public TransportStats stats() {
        return counters.snapshot();
    }

    public void onRejection(Consumer<Rejection> listener) {
        rejectionListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Called on JGroups' thread with every view this member installs, in order, after {@link #view()} returns it:
     * a listener must hand any real work to a thread of its own.
     */
    public void onView(Consumer<ClusterView> listener) {
        viewListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Called on JGroups' thread with every merge view (the views of a healed partition joined again), before the
     * {@link #onView} listeners get the same view.
     */
    public void onMerge(Consumer<MergeInstalled> listener) {
        mergeListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Where faults (DISCARD, DELAY) go into this member's stack at run time. */
    public FaultPoint faultPoint() {
        return new ChannelFaultPoint(self, channel);
    }

    /** Inserts a protocol right above the transport at run time (see {@link FaultPoint}). */
    public void insertAboveTransport(org.jgroups.stack.Protocol protocol) throws Exception {
        faultPoint().insertAboveTransport(protocol);
    }

    /** Takes out a protocol put in by {@link #insertAboveTransport}. */
    public void removeInserted(org.jgroups.stack.Protocol protocol) {
        faultPoint().removeInserted(protocol);
    }

    /**
     * Sends one message to each target and waits up to {@code timeout} for all of their acks. Never throws for a
     * slow or refusing member (that is the delivery mode's call); throws only when the message could not be sent.
     */
    public Replies sendAndWait(ReplicationMessage message, List<NodeId> targets, Duration timeout)
            throws ReplicationException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        Map<NodeId, Address> known = addresses;
        Map<Address, NodeId> destinations = new LinkedHashMap<>();
        List<NodeId> departed = new ArrayList<>();
        for (NodeId target : targets) {
            Address address = known.get(target);
            if (address == null) {
                departed.add(target);
            } else {
                destinations.put(address, target);
            }
        }
        if (destinations.isEmpty()) {
            return new Replies(Map.of(), List.of(), departed);
        }
        Map<NodeId, Ack> acks = new HashMap<>();
        List<NodeId> unanswered = new ArrayList<>();
        long marshalStart = System.nanoTime();
        try (MarshalledMessage bytes = marshaller.marshalInPlace(message)) {
            counters.marshalled(bytes.length(), System.nanoTime() - marshalStart);
            counters.sent(destinations.size(), bytes.length());
            if (streams.isPresent() && streams.get().carries(bytes.length()) && faultFree()) {
                sendOverStreams(streams.get(), bytes, destinations, deadline, acks, unanswered);
            }
            if (!destinations.isEmpty()) {
                long remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (remainingMillis <= 0) {
                    unanswered.addAll(destinations.values());
                } else {
                    // A copy: JGroups keeps the message until the receiver's transport acknowledged it.
                    sendThroughJGroups(bytes.copy(), destinations, remainingMillis, acks, unanswered, departed);
                }
            }
        }
        if (!unanswered.isEmpty() || !departed.isEmpty()) {
            // The failover trace (docs/drills.md): how long a request waited for a member that left or kept silent.
            log.debug("{} to {}: {} left, {} silent; returned after {} ms", message.getClass().getSimpleName(),
                    targets, departed, unanswered, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        }
        return new Replies(acks, unanswered, departed);
    }

    /**
     * Sends to every destination that has a direct stream, and takes out of {@code destinations} each one that
     * answered or timed out; what is left (no stream, or one that broke before answering) goes through JGroups.
     */
    private void sendOverStreams(LargeMessageStreams streams, MarshalledMessage bytes,
                                 Map<Address, NodeId> destinations, long deadline, Map<NodeId, Ack> acks,
                                 List<NodeId> unanswered) {
        streams.exchange(bytes, List.copyOf(destinations.values()), deadline).forEach((target, outcome) -> {
            switch (outcome) {
                case StreamSender.Outcome.Answered answered -> {
                    counters.streamed();
                    acks.put(target, readAck(target, answered.answer()));
                    destinations.values().remove(target);
                }
                case StreamSender.Outcome.TimedOut timedOut -> {
                    unanswered.add(target);
                    destinations.values().remove(target);
                }
                case StreamSender.Outcome.NotDelivered notDelivered ->
                        log.debug("direct stream to {} failed ({}); sending through JGroups", target,
                                notDelivered.reason());
            }
        });
    }

    private void sendThroughJGroups(byte[] bytes, Map<Address, NodeId> destinations, long timeoutMillis,
                                    Map<NodeId, Ack> acks, List<NodeId> unanswered, List<NodeId> departed)
            throws ReplicationException {
        RspList<Object> responses;
        try {
            // OOB: a receiver handles requests from one sender concurrently rather than one after another, so one
            // slow (cold, large) message does not hold up every other session's. Order per session does not need
            // JGroups: a sync sender holds the session's lock until the ack, an async one waits for each bundle's
            // ack before sending the next, and receivers drop versions older than what they hold.
            var options = new RequestOptions(ResponseMode.GET_ALL, timeoutMillis).anycasting(true)
                    .flags(Message.Flag.OOB);
            responses = dispatcher.castMessage(destinations.keySet(), new BytesMessage(null, bytes), options);
        } catch (Exception e) {
            throw new ReplicationException("cannot send to " + destinations.values() + ": " + e.getMessage(), e);
        }
        destinations.forEach((address, target) -> {
            Rsp<Object> response = responses.get(address);
            switch (JGroupsAnswer.of(response)) {
                case LEFT -> departed.add(target);
                case SILENT -> unanswered.add(target);
                case ANSWERED -> acks.put(target, response.hasException()
                        ? new Ack(AckStatus.REJECTED, "failed on " + target + ": " + response.getException())
                        : readAck(target, response.getValue()));
            }
        });
    }

    /**
     * Whether this member's stack is as built: a fault (DISCARD, DELAY) inserted above the transport must apply to
     * every message, so while one is in, nothing is sent or taken over direct streams.
     */
    private boolean faultFree() {
        return transport.getUpProtocol() == aboveTransport;
    }

    private Ack readAck(NodeId sender, Object value) {
        if (!(value instanceof byte[] bytes)) {
            return reject(sender, value == null ? "null" : value.getClass().getName(), "an ack that is not bytes");
        }
        try {
            return ackCodec.decode(bytes).orElseGet(() -> reject(sender, "ack status " + bytes[0], "an unknown ack status"));
        } catch (RejectedMessageException e) {
            return reject(sender, e.offending(), e.getMessage());
        }
    }

    /** Runs on a JGroups thread; never throws, because JGroups would Java-serialize the exception back. */
    private Object handleRequest(Message request) {
        NodeId sender = MemberAddresses.nodeOf(request.getSrc());
        if (!awaitInView(sender, request.getSrc())) {
            // AUTH keeps a stranger out of the view, not its unicasts out of the stack: no view, no request.
            counters.peerRefused();
            log.warn("refused a replication message from {}, not a member of the current view", request.getSrc());
            return ackCodec.encode(new Ack(AckStatus.BUSY, "not a member of the view of " + self));
        }
        if (!(request instanceof BytesMessage)) {
            return ackCodec.encode(reject(sender, request.getClass().getName(), "not a bytes message"));
        }
        return handle(sender, request.getArray(), request.getOffset(), request.getLength(), FrameBytes.LENT);
    }

    /** Whether {@code address} is {@code sender}'s in this member's view, or comes to be within {@link #VIEW_WAIT}. */
    private boolean awaitInView(NodeId sender, Address address) {
        if (address.equals(addresses.get(sender))) {
            return true; // every member's request, but for a joiner's first milliseconds: no lock taken
        }
        long deadline = System.nanoTime() + VIEW_WAIT.toNanos();
        synchronized (viewInstalled) {
            while (!address.equals(addresses.get(sender))) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(viewInstalled, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return true;
    }

    /** Runs on the thread of a direct stream from {@code sender}, a member of the current view. */
    private byte[] handleFrame(NodeId sender, byte[] frame) {
        return handle(sender, frame, 0, frame.length, FrameBytes.HANDED_OVER);
    }

    /** Reads a message through the allow-list, applies it, and returns the marshalled ack; never throws. */
    private byte[] handle(NodeId sender, byte[] array, int offset, int length, FrameBytes bytes) {
        counters.received(length);
        Ack ack;
        try {
            long unmarshalStart = System.nanoTime();
            ReplicationMessage message = marshaller.unmarshal(array, offset, length, bytes, ReplicationMessage.class);
            counters.unmarshalled(System.nanoTime() - unmarshalStart);
            ack = inbound.handle(sender, message);
        } catch (RejectedMessageException e) {
            ack = reject(sender, e.offending(), e.getMessage());
        } catch (RuntimeException e) {
            log.error("applying a replication message from {} failed", sender, e);
            ack = new Ack(AckStatus.BUSY, "failed on " + self + ": " + e);
        }
        return ackCodec.encode(ack);
    }

    private Ack reject(NodeId sender, String offending, String reason) {
        counters.rejected();
        log.warn("rejected replication message from {}: refused {} ({})", sender, offending, reason);
        var rejection = new Rejection(sender, offending, reason);
        for (Consumer<Rejection> listener : rejectionListeners) {
            listener.accept(rejection);
        }
        return new Ack(AckStatus.REJECTED, "rejected by " + self + ": " + offending);
    }

    private void install(View view) {
        Map<NodeId, Address> byName = new LinkedHashMap<>();
        for (Address member : view.getMembers()) {
            byName.put(MemberAddresses.nodeOf(member), member);
        }
        synchronized (viewInstalled) {
            addresses = Map.copyOf(byName);
            viewInstalled.notifyAll();
        }
        streams.ifPresent(open -> open.viewInstalled(view.getMembers(), MemberAddresses::nodeOf));
        // Rendered from the names, as JGroups renders a plain address ("[node1|3]"): a member's address also
        // carries its stream endpoint, which would otherwise show in every view id.
        String id = "[" + MemberAddresses.nodeOf(view.getViewId().getCreator()) + "|" + view.getViewId().getId() + "]";
        var record = new ViewRecord(id, List.copyOf(byName.keySet()),
                System.currentTimeMillis());
        views.install(record);
        log.info("view changed: {}{}", record.describe(), view instanceof MergeView ? " (merge)" : "");
        if (view instanceof MergeView merge) {
            var installed = new MergeInstalled(record.view(), otherSides(merge, byName.keySet()));
            for (Consumer<MergeInstalled> listener : mergeListeners) {
                listener.accept(installed);
            }
        }
        for (Consumer<ClusterView> listener : viewListeners) {
            listener.accept(record.view());
        }
    }

    /** The merged members outside the subgroup that holds this member; none when no subgroup names it. */
    private Set<NodeId> otherSides(MergeView merge, Set<NodeId> merged) {
        for (View side : merge.getSubgroups()) {
            Set<NodeId> members = side.getMembers().stream().map(MemberAddresses::nodeOf)
                    .collect(Collectors.toSet());
            if (members.contains(self)) {
                return merged.stream().filter(member -> !members.contains(member)).collect(Collectors.toSet());
            }
        }
        return Set.of();
    }

    /** Leaves the cluster gracefully: the coordinator installs a view without us at once, no suspicion needed. */
    @Override
    public void close() {
        streams.ifPresent(LargeMessageStreams::close);
        dispatcher.stop();
        channel.close();
    }
}
