import sys
def parse(f):
    out=[]; cur=None
    for line in open(f):
        p=line.split()
        if '-' in p[0] and len(p)>=5 and not p[0].endswith(':'):
            cur={'range':p[0],'name':p[5] if len(p)>5 else '', 'perm':p[1]}; out.append(cur)
        elif p[0] in ('Size:','Rss:','AnonHugePages:','Anonymous:'):
            cur[p[0][:-1]]=int(p[1])
    return out
for f in sys.argv[1:]:
    print(f)
    for m in parse(f):
        if m.get('Rss',0)>8000:
            print(f"  {m['range']:35} {m['perm']} size {m['Size']//1024:7} MB rss {m['Rss']//1024:7} anon {m.get('Anonymous',0)//1024:7} huge {m.get('AnonHugePages',0)//1024:7} {m['name']}")
