import json,re,os
os.chdir("/work/runs/moves3")
for f in ["d3-e3W_b4-c3A-d3W","d3-e3W_d4-c3A-d3A","d2-e3A_g4-g5W","d2-e3A_c3-d2A"]:
    j=json.loads(open(f+"_p3.json").read().strip().splitlines()[-1])
    log=open(f+"_p3.log").read()
    user=re.search(r"User time \(seconds\): ([\d.]+)",log).group(1)
    rss=int(re.search(r"Maximum resident set size \(kbytes\): (\d+)",log).group(1))
    g=j["goals"][0]
    a,b=f.split("_")
    st = "**disproved**" if g["state"]=="disproved" else f"open: proof {g['proof']:,}, disproof {g['disproof']:,}" if g["state"]=="open" else g["state"]
    print(f"| {a} | {b} | {st} | {j['nodes']:,} | {j['seconds']:.0f} s | {float(user):.0f} s | {rss/2**20:.1f} GiB |")
