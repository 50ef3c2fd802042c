#!/bin/bash
# every 30 s: time, pid, anonymous and file-backed resident memory of each search
while true; do
  for p in $(pgrep -f "fanorona-e71e8da solve"); do
    a=$(grep RssAnon /proc/$p/status 2>/dev/null | awk '{print $2}'); f=$(grep RssFile /proc/$p/status 2>/dev/null | awk '{print $2}')
    [ -n "$a" ] && [ "$a" -gt 1000 ] && echo "$(date +%T) $p anon_kB=$a file_kB=$f $(tr '\0' ' ' < /proc/$p/cmdline | grep -o 'position [^ ]*')"
  done
  sleep 30
done
