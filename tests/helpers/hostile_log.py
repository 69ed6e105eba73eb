"""A real PokerStars hand whose names, table and chat are markup, for the report tests that check
everything a log says reaches the pages as text."""

import re

EVIL = "<img src=x onerror=alert(1)>"
BOLD = "</script><b>bold</b>"
HAND_ID = "35874487284"
# A real PokerStars hand (corpus: cash-7-StudHL-USD-0.04-0.08-200911.txt) with hostile names, table and
# chat, and one rule broken on purpose: a $0.06 bet where the limit is $0.08.
LOG = """\
PokerStars Game #35874487284:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET
Table '<svg onload=alert(3)>' 8-max
Seat 3: </script><b>bold</b> ($1.46 in chips)
Seat 4: denny501 ($0.93 in chips)
Seat 5: Hero ($1.60 in chips)
Seat 8: <img src=x onerror=alert(1)> ($1.16 in chips)
</script><b>bold</b>: posts the ante $0.01
denny501: posts the ante $0.01
Hero: posts the ante $0.01
<img src=x onerror=alert(1)>: posts the ante $0.01
*** 3rd STREET ***
Dealt to </script><b>bold</b> [Kc]
Dealt to denny501 [7c]
Dealt to Hero [5d Ks 2h]
Dealt to <img src=x onerror=alert(1)> [3d]
Hero: brings in for $0.02
<img src=x onerror=alert(1)>: calls $0.02
</script><b>bold</b>: calls $0.02
denny501: calls $0.02
*** 4th STREET ***
Dealt to </script><b>bold</b> [Kc] [4d]
Dealt to denny501 [7c] [Qh]
Dealt to Hero [5d Ks 2h] [9h]
Dealt to <img src=x onerror=alert(1)> [3d] [7s]
denny501 said, "</script><script>alert(4)</script>"
</script><b>bold</b>: checks
poconoman is connected
denny501: checks
Hero: checks
<img src=x onerror=alert(1)>: checks
*** 5th STREET ***
Dealt to </script><b>bold</b> [Kc 4d] [Qd]
Dealt to denny501 [7c Qh] [9s]
Dealt to Hero [5d Ks 2h 9h] [Js]
Dealt to <img src=x onerror=alert(1)> [3d 7s] [Jh]
</script><b>bold</b>: checks
denny501: checks
Hero: checks
<img src=x onerror=alert(1)>: checks
*** 6th STREET ***
Dealt to </script><b>bold</b> [Kc 4d Qd] [5s]
Dealt to denny501 [7c Qh 9s] [6s]
Dealt to Hero [5d Ks 2h 9h Js] [4c]
Dealt to <img src=x onerror=alert(1)> [3d 7s Jh] [5c]
123smoothie joins the table at seat #2
</script><b>bold</b>: checks
denny501: checks
Hero: checks
<img src=x onerror=alert(1)>: bets $0.06
</script><b>bold</b>: folds
denny501: folds
Hero: folds
Uncalled bet ($0.06) returned to <img src=x onerror=alert(1)>
<img src=x onerror=alert(1)> collected $0.12 from pot
<img src=x onerror=alert(1)>: doesn't show hand
*** SUMMARY ***
Total pot $0.12 | Rake $0
Seat 3: </script><b>bold</b> folded on the 6th Street
Seat 4: denny501 folded on the 6th Street
Seat 5: Hero folded on the 6th Street
Seat 8: <img src=x onerror=alert(1)> collected ($0.12)
"""


def renamed(denny501: str, hero: str) -> str:
    """The same hand with two more players named as given (markup, bidi controls, long names ...)."""
    return LOG.replace("denny501", denny501).replace("Hero", hero)


# What a page must never carry: markup that came from the log (the names above, the chat, the table).
RAW_MARKUP = re.compile(r"<(img|svg|b)[\s>]|</script><script>alert|</script><b>", re.I)
