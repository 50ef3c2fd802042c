import json,sys
for f in sys.argv[1:]:
    j=json.loads(open(f).read().strip().splitlines()[-1])
    print(f, j["value"], j.get("bound"), j["nodes"], round(j["seconds"]), j["stopped"], [(g["state"],g["proof"],g["disproof"]) for g in j["goals"]])
    for m in j["first_moves"]:
        print("  ", m["move"], m["value"], m.get("bound"), [(g["state"],g["proof"],g["disproof"]) for g in m.get("goals",[])])
