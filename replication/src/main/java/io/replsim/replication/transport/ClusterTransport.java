package io.replsim.replication.transport;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.marshalling.RejectedMessageException;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.blocks.MessageDispatcher;
import org.jgroups.blocks.RequestOptions;
import org.jgroups.blocks.ResponseMode;
import org.jgroups.util.NameCache;
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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * One node's JGroups channel: sends replication messages and waits for acks, hands received messages that pass
 * the allow-list to an {@link InboundHandler}, and records the views it installs. Requests and acks travel as
 * bytes this class (de)serializes itself, so JGroups never deserializes a Java object from a peer on our behalf.
 */
public final class ClusterTransport implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ClusterTransport.class);

    private final NodeId self;
    private final String clusterName;
    private final JChannel channel;
    private final MessageDispatcher dispatcher;
    private final MessageMarshaller marshaller;
    private final ViewHistory views = new ViewHistory();
    private final TransportCounters counters = new TransportCounters();
    private final List<Consumer<Rejection>> rejectionListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<ClusterView>> viewListeners = new CopyOnWriteArrayList<>();
    private volatile InboundHandler inbound = (sender, message) -> new Ack(AckStatus.BUSY, "not started");
    private volatile Map<NodeId, Address> addresses = Map.of();

    private ClusterTransport(NodeId self, String clusterName, StackSpec stack, MessageMarshaller marshaller)
            throws Exception {
        this.self = self;
        this.clusterName = clusterName;
        this.marshaller = marshaller;
        this.channel = new JChannel(stack.protocols()).name(self.name());
        this.dispatcher = new MessageDispatcher(channel, this::handleRequest);
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
        long marshalStart = System.nanoTime();
        byte[] bytes = marshaller.marshal(message);
        counters.marshalled(bytes.length, System.nanoTime() - marshalStart);
        RspList<Object> responses;
        try {
            // OOB: a receiver handles requests from one sender concurrently rather than one after another, so one
            // slow (cold, large) message does not hold up every other session's. Order per session does not need
            // JGroups: a sync sender holds the session's lock until the ack, an async one waits for each bundle's
            // ack before sending the next, and receivers drop versions older than what they hold.
            var options = new RequestOptions(ResponseMode.GET_ALL, timeout.toMillis()).anycasting(true)
                    .flags(Message.Flag.OOB);
            counters.sent(destinations.size(), bytes.length);
            responses = dispatcher.castMessage(destinations.keySet(), new BytesMessage(null, bytes), options);
        } catch (Exception e) {
            throw new ReplicationException("cannot send to " + destinations.values() + ": " + e.getMessage(), e);
        }
        Map<NodeId, Ack> acks = new HashMap<>();
        List<NodeId> unanswered = new ArrayList<>();
        destinations.forEach((address, target) -> {
            Rsp<Object> response = responses.get(address);
            if (response == null || !response.wasReceived()) {
                boolean gone = response != null && (response.wasSuspected() || response.wasUnreachable());
                (gone ? departed : unanswered).add(target);
            } else if (response.hasException()) {
                acks.put(target, new Ack(AckStatus.REJECTED, "failed on " + target + ": " + response.getException()));
            } else {
                acks.put(target, readAck(target, response.getValue()));
            }
        });
        return new Replies(acks, unanswered, departed);
    }

    private Ack readAck(NodeId sender, Object value) {
        if (!(value instanceof byte[] bytes)) {
            return reject(sender, value == null ? "null" : value.getClass().getName(), "an ack that is not bytes");
        }
        try {
            return marshaller.unmarshal(bytes, Ack.class);
        } catch (RejectedMessageException e) {
            return reject(sender, e.offending(), e.getMessage());
        }
    }

    /** Runs on a JGroups thread; never throws, because JGroups would Java-serialize the exception back. */
    private Object handleRequest(Message request) {
        NodeId sender = nodeOf(request.getSrc());
        if (!(request instanceof BytesMessage)) {
            return marshaller.marshal(reject(sender, request.getClass().getName(), "not a bytes message"));
        }
        counters.received(request.getLength());
        Ack ack;
        try {
            long unmarshalStart = System.nanoTime();
            ReplicationMessage message = marshaller.unmarshal(request.getArray(), request.getOffset(),
                    request.getLength(), ReplicationMessage.class);
            counters.unmarshalled(System.nanoTime() - unmarshalStart);
            ack = inbound.handle(sender, message);
        } catch (RejectedMessageException e) {
            ack = reject(sender, e.offending(), e.getMessage());
        } catch (RuntimeException e) {
            log.error("applying a replication message from {} failed", sender, e);
            ack = new Ack(AckStatus.BUSY, "failed on " + self + ": " + e);
        }
        return marshaller.marshal(ack);
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
            byName.put(nodeOf(member), member);
        }
        addresses = Map.copyOf(byName);
        var record = new ViewRecord(view.getViewId().toString(), List.copyOf(byName.keySet()),
                System.currentTimeMillis());
        views.install(record);
        log.info("view changed: {}", record.describe());
        for (Consumer<ClusterView> listener : viewListeners) {
            listener.accept(record.view());
        }
    }

    private static NodeId nodeOf(Address address) {
        String name = NameCache.get(address);
        return new NodeId(name != null ? name : String.valueOf(address));
    }

    /** Leaves the cluster gracefully: the coordinator installs a view without us at once, no suspicion needed. */
    @Override
    public void close() {
        dispatcher.stop();
        channel.close();
    }
}
