# A third reading of docs/interfaces.md §2 and §2e (the state digest, derived content, the probe's session), in Python,
# apart from the probe's Java and the driver's Java: it makes the probe-* lines of docs/session-digest-vectors.txt.
import hashlib, struct, math
M=(1<<64)-1
def derived(session,name,version,length):
    state=struct.unpack('>Q',hashlib.sha256(f"{session}|{name}|{version}".encode()).digest()[:8])[0]
    out=b''
    while len(out)<length:
        state=(state+0x9E3779B97F4A7C15)&M
        z=state
        z=((z^(z>>30))*0xBF58476D1CE4E5B9)&M
        z=((z^(z>>27))*0x94D049BB133111EB)&M
        out+=struct.pack('>Q',z^(z>>31))
    return out[:length]
def item(tag,content): return tag.encode()+struct.pack('>I',len(content))+content
def enc(v):
    if isinstance(v,bytes): return item('B',v)
    if isinstance(v,tuple) and v[0]=='J': return item('J',struct.pack('>q',v[1]))
    if isinstance(v,str): return item('S',v.encode())
    if isinstance(v,dict): return item('M',b''.join(enc(k)+enc(v[k]) for k in sorted(v)))
    raise Exception(v)
def digest(attrs):
    h=hashlib.sha256()
    for n in sorted(attrs): h.update(enc(n)+enc(attrs[n]))
    return h.hexdigest()[:16]
def probe(session,serial,kb,attrs,share):
    size=kb*1024//attrs
    c=0 if share==0 else max(1,math.floor(share*attrs+0.5))
    def written(s): return list(range(attrs)) if s==1 else [(s*c+k)%attrs for k in range(c)]
    versions={}
    for s in range(serial,0,-1):
        for i in written(s):
            versions.setdefault(i,s)
    a={'serial':('J',serial)}
    for i in range(attrs): a[f'attr{i}']=derived(session,f'attr{i}',versions[i],size)
    return a
s=probe('s1',3,1,4,0.5)
print('probe-session',digest(s))
del s['attr2']
print('probe-session-dropped',digest(s))
print('probe-counter',digest(probe('s1',7,4,1,0)))
print('probe-bean',digest({'bean':{'identity':derived('s1','identity',0,32),'count':('J',5)}}))
# sanity: the existing vectors from the same code
print('#check bean', digest({'bean':{'identity':bytes([1,2,3]),'count':('J',4)}}))
