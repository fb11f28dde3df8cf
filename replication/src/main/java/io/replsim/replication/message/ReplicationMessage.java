package io.replsim.replication.message;

import java.io.Serializable;

/**
 * What one node sends another about sessions. Sealed so a receiver handles every kind; an attribute-granularity
 * scope adds its delta record here.
 */
public sealed interface ReplicationMessage extends Serializable
        permits SessionUpdate, UpdateBundle, BackupTransfer, CopyRemoval, SessionEnd, GravitationRequest,
        OwnershipClaims {
}
