import json,sys
r=json.load(sys.stdin)
print(json.dumps({k:r.get(k) for k in ['readyMs','ready','alive','stoppedBySigterm','exit','peakRssMiB','health','list','failureCount','failures','longestLogLine','attackResult','stderr']}, indent=None)[:3000])
