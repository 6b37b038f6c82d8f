def parse_url(url):
    result = {"scheme": "", "host": "", "port": None, "path": "/", "query": {}, "fragment": ""}
    if "://" in url:
        result["scheme"], url = url.split("://", 1)
    if "#" in url:
        url, result["fragment"] = url.split("#", 1)
    if "?" in url:
        url, q = url.split("?", 1)
        for pair in q.split("&"):
            if not pair:
                continue
            k, _, v = pair.partition("=")
            result["query"].setdefault(k, []).append(unquote(v))
    if "/" in url:
        hostport, path = url.split("/", 1)
        result["path"] = "/" + path
    else:
        hostport = url
    if ":" in hostport:
        host, port = hostport.rsplit(":", 1)
        result["host"], result["port"] = host, int(port)
    else:
        result["host"] = hostport
    return result

def unquote(s):
    out = ""
    i = 0
    while i < len(s):
        if s[i] == "%" and i + 2 < len(s) + 1:
            out += chr(int(s[i + 1:i + 3], 16))
            i += 3
        elif s[i] == "+":
            out += " "
            i += 1
        else:
            out += s[i]
            i += 1
    return out

for u in ["https://example.com:8080/a/b?x=1&y=two&x=3#frag",
          "http://localhost/search?q=hello+world%21&lang=en",
          "ftp://files.server.org",
          "example.org/path/only",
          "https://h/p?empty=&flag&&z=%2F"]:
    p = parse_url(u)
    print(u)
    for k, v in p.items():
        print(f"    {k:<9}{v!r}")
