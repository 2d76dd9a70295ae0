"""The words the invariant reader knows, each with the terminal it becomes.

This table is the reader's vocabulary. A word (or a fixed phrase of several
words) listed here becomes one token of the kind it is listed under, and the
grammar (``english.lark``) says where a token of each kind may stand and what
it means there. A word that is neither listed here, nor a filler, nor one of
the pattern's own names becomes ``WORD``, which the grammar accepts only in
the few places that quote free text (what a slot must not know, what a
delegate does on its own); anywhere else it leaves the sentence unread.

To teach the reader a new synonym, add it to the right kind below. To teach
it a new sentence shape, add a rule to ``english.lark`` and its meaning to
:mod:`.read`.
"""

from __future__ import annotations

#: Words that carry no meaning for a claim and are dropped before parsing.
#: Keep this list short: every other word must be accounted for by a reading.
FILLERS: frozenset[str] = frozenset("the a an any also still".split())

#: Nouns for what a delegate makes. After a slot's possessive ("the
#: comparator's classification") one of these names the slot's whole result,
#: unless the program names a field or local so, or a slot declares such a
#: key; any other word there names a field ("the actor's reasoning", "the
#: writer's notes"). Elsewhere they are words like any other.
PRODUCTS: frozenset[str] = frozenset(
    """analysis analyses classification classifications ruling rulings draft drafts
    release translation translations artifact artifacts judgment judgement
    evaluation evaluations counteroffer counteroffers plan plans map diagnosis
    profile profiles verdict rewrite rewrites transcript quote quotes""".split()
)

#: Nouns for something a delegate works out and reports, which may be all
#: of its result or one part of it ("the captain's reasoning", of a
#: captain whose result has no key of that name): kept away, read as
#: some part of that slot's results.
WORKINGS: frozenset[str] = frozenset(
    """reasoning reasons rationale notes comments remarks analysis analyses
    corrections objections rulings scores impressions findings estimates
    picks revisions suggestions critique critiques feedback assessment
    assessments opinions observations thoughts concerns doubts
    deliberations workings calculations explanation conclusions
    measurements numbers readings tastings placements arrivals costing
    costings labels view views opinion viewpoint viewpoints perspective perspectives stance""".split()
)

#: Nouns for an input's value as a whole. Right after an input's name
#: ("the policy wording", "the claimant contact details", "the audience
#: setting") one of these is the input itself; elsewhere it is a word like
#: any other.
VALUE_NOUNS: frozenset[str] = frozenset(
    "details information info wording text contents value setting settings table figure string "
    "configuration configurations config".split()
)
#: The same, and nouns for a record kept of someone or something, which name
#: an input's value only right after it ("the missing person's record"):
#: after a field ("the plan record") they may be another thing.
INPUT_VALUE_NOUNS: frozenset[str] = VALUE_NOUNS | frozenset("record data profile dossier".split())
#: Nouns for what an input declared as one value holds, said after its name
#: ("the station name", "the crowd estimate", "the customer's phone
#: number"): the input, only where the program reads no key of it (each may
#: be a key: `station.name`).
SCALAR_VALUE_NOUNS: frozenset[str] = frozenset(
    """name names description descriptions figure figures estimate estimates number numbers list sheet
    count counts total totals level levels date dates amount amounts reading readings""".split()
)

#: "as submitted", "exactly as the caller wrote it", "as it was sent": an
#: input's value as the caller gave it, in every spelling of that family.
_GIVING = (
    "given", "provided", "supplied", "passed", "submitted", "written", "sent", "entered", "received",
    "configured", "reported", "worded", "phrased",
    # "exactly as filed", "as asked": the caller's filing or question
    "filed", "asked", "requested", "uploaded",
    # "exactly as recorded", "as exported": the caller's record of it
    "recorded", "logged", "exported",
    # "the dishes as listed", "the colour scheme as chosen", "the rules as
    # printed": the caller's own listing, choice or wording of it
    "listed", "chosen", "stated", "specified", "printed",
)
_GAVE = (
    "gave", "provided", "supplied", "passed", "submitted", "wrote", "sent", "entered", "worded", "phrased", "reported",
    # "as the caller set it", "as the user specified them": the caller's choice of the value
    "set", "specified", "chose", "stated", "listed",
    "filed", "asked", "requested", "uploaded",
)
#: Past forms of giving a value, of any supplier: "as the traveller wrote
#: it", "as it was tagged" (not "as the client decided it", a choice)
SUPPLIED: frozenset[str] = frozenset(
    (*_GIVING, *_GAVE, *"""attached booked brought captured chosen collected compiled completed created declared delivered described dictated drafted drawn drew filled forecast gathered handed issued keyed labeled labelled lodged made marked measured named noted photographed placed planned posed posted prepared presented printed published quoted raised registered said scanned shared showed shown signed stamped tagged told typed""".split())
)
_AS_GIVEN: tuple[str, ...] = tuple(
    dict.fromkeys(
        [f"{e}as {v}" for e in ("", "exactly ", "just ") for v in _GIVING]
        + [f"{e}as {it} {v}" for e in ("", "exactly ", "just ") for it in ("it was", "they were") for v in _GIVING]
        + [
            f"{e}as {who} {v} {it}"
            for e in ("", "exactly ", "just ")
            # (the one who supplies the pattern's inputs, by the words
            # for them: "exactly as the customer gave it")
            for who in ("the caller", "the user", "the customer", "the client", "the requester", "they")
            for v in _GAVE
            for it in ("it", "them")
        ]
    )
)

#: "from one attempt to the next", "across runs", "attempt after attempt":
#: every iteration of a loop, in each noun for its rounds
_ROUNDS = ("round", "cycle", "pass", "attempt", "try", "run", "iteration", "turn", "step", "retry")
_EVERY_ROUND: tuple[str, ...] = tuple(
    dict.fromkeys(
        [f"from one {n} to the next" for n in _ROUNDS]
        + [f"from {n} to {n}" for n in _ROUNDS]
        + [f"across {n}{'es' if n.endswith('s') else 's'}" for n in _ROUNDS if n != "try"]
        + ["across tries", *(f"{p} {q} {n}" for p in ("in", "on") for q in ("every", "each") for n in _ROUNDS)]
        + [f"{n} after {n}" for n in _ROUNDS]
    )
)

#: "rewritten", "reworded": words for an input changed before it is passed
_ALTERED = ("rewritten", "reworded", "rephrased", "paraphrased", "modified", "altered", "adjusted", "edited", "reworked")

#: Words that say work was done on a thing ("the finished book", "the
#: repaired mower"): before an input's name, not the input as the caller
#: gave it, but what the pattern made of it
WORKED_ON = frozenset(
    (*_ALTERED, *"""finished repaired mended fixed completed processed revised corrected cleaned polished
    updated improved sharpened restored treated refined redrafted redacted translated summarised summarized
    filtered trimmed tuned patched rebound resurfaced repainted cooked baked assembled converted formatted
    cleaned-up tidied""".split())
)

#: kind → words and phrases. Phrases are written with spaces; the longest
#: phrase wins. Every inflection a sentence may use is listed.
KINDS: dict[str, tuple[str, ...]] = {
    # ---- polarity and limits: each must be consumed by a rule that gives it meaning
    "NEVER": ("never", "at no point", "at no time", "under no circumstances"),
    "NOT": ("not", "n't"),
    "NO": ("no",),
    "NONE": ("none", "nobody", "no one"),
    "NOTHING": ("nothing",),
    # "anything the actor produced", "what the chair decided": its output
    "ANYTHING": ("anything", "whatever", "what"),
    # "how each reviewer voted", "how the screeners ruled": the verdict a
    # slot gave, its output (the verbs: ``meaning.base.RULED``)
    "HOW": ("how",),
    "AUTHORED": (
        "produced", "produces", "wrote", "writes", "argued", "argues", "decided", "decides",
        "returned", "returns", "said", "says", "reported", "reports", "concluded", "quoted",
        "generated", "created", "answered", "found", "proposed", "made", "came up with",
        # after a plural subject: "what the technicians report"
        "produce", "write", "argue", "decide", "return", "say", "report", "conclude",
        "generate", "create", "answer", "find", "propose", "make", "come up with",
        # "the flights the finder chose", "the routes a planner drew up"
        "chose", "chooses", "choose", "picked", "selected", "selects", "select",
        "drew up", "draws up", "draw up",
        # "what the other tasters scored", "what the panel heard": what a
        # delegate's work turned up ("finds" is a noun as often)
        "scored", "heard", "noticed", "spotted",
    ),
    "NEITHER": ("neither",),
    # "never sees either profile": each of them; "either A or B" after a
    # verb of receiving says one of them, which no claim kind says
    "EITHER": ("either",),
    # a sentence that denies a claim ("may run without", "is not bounded by")
    "DENY": ("it is not the case that", "it is not true that", "it is false that"),
    # "it is never the case that the scout sees the list": at no time does
    # the clause hold, which is its claim negated (read of receiving only)
    "NEVER_CASE": ("it is never the case that", "it is never true that"),
    # "whatever the chef says", "however many rounds there are": a
    # concession, which says the claim holds on every path (``concede``)
    "CONCEDE": (
        "whatever", "whichever", "however many", "however much", "no matter what", "no matter how",
        "no matter who", "no matter which", "no matter whether", "irrespective of",
    ),
    "REGARDLESS": ("whether or not", "regardless of whether", "even when", "even if", "even though", "regardless of"),
    "NOR": ("nor",),
    "ONLY": ("only", "solely", "exclusively", "purely", "just"),
    "EXCEPT": ("except", "other than", "apart from", "besides"),
    # "decides only from the report, of what delegates produce": the limit
    # is on other delegates' outputs; its inputs are its context
    "OF_DELEGATES": ("of what delegates produce", "of what the delegates produce", "of what other delegates produce"),
    "BUT": ("but", "yet"),
    "WITHOUT": ("without",),
    "UNLESS": ("unless", "until"),
    "ATMOST": ("at most", "no more than", "not more than", "never more than", "up to"),
    "EXACTLY": ("exactly", "precisely"),
    # hedging and limiting adverbs that no rule gives a meaning ("the
    # observer rarely sees ...", "usually receives ..."): a sentence with
    # one is never read, not even in free text
    "HEDGE": (
        "hardly", "hardly ever", "rarely", "rarely ever", "seldom", "barely", "scarcely",
        "sometimes", "occasionally", "usually", "mostly", "often", "almost", "nearly",
        "probably", "perhaps", "maybe", "generally", "typically", "normally", "ideally",
        "partly", "partially", "largely", "mainly",
        # an order left open ("in any order", "in whatever sequence") is no
        # order at all, not "in order" with a filler
        "any order", "any sequence", "whatever order", "whatever sequence", "any particular order",
        # a possibility, not a promise ("the observer might never see ..."),
        # where "may never" forbids
        "might never", "might not", "might not ever",
        # a promise limited to a beginning ("does not know at first ...")
        "at first", "initially", "to begin with", "in the beginning",
        "for the most part", "in most cases", "in some cases", "most of the time", "some of the time",
        "in part", "as a rule", "more or less",
        # a floor, not a promise about every call ("sees the attack before
        # writing its proposal at least once"): no rule gives it a meaning
        "at least",
    ),
    # ---- function words
    "AUX": (
        "does", "do", "did", "will", "would", "can", "could", "must", "should", "shall",
        "may", "might", "is able to", "are able to", "gets to", "get to",
    ),
    "CAN_NOT": ("cannot",),
    "BE": ("is", "are", "was", "were", "be", "been", "being", "remains", "remain", "stays", "stay"),
    "HAVE": ("has", "have", "had"),
    "TO": ("to", "into"),
    "FROM": ("from",),
    "OF": ("of",),
    "BY": ("by",),
    "WITH": ("with", "alongside", "along with", "together with"),
    "ABOUT": ("about",),
    "IN": ("in", "inside", "within"),
    "ON": ("on", "upon"),
    # "never sees the rules, although every reviewer does": a contrast
    "ALTHOUGH": ("although", "though"),
    # "is returned as the abort reason"
    "AS": ("as",),
    "FOR": ("for", "meant for", "intended for"),
    "AFTER": ("after",),
    "BEFORE": ("before",),
    "WHEN": ("when", "whenever"),
    "IF": ("if", "provided that", "as long as"),
    "ONCE": ("once",),
    "AND": ("and", "as well as", "plus"),
    "OR": ("or",),
    "THAT": ("that", "which", "who", "whom"),
    "IT": ("it", "they", "them", "itself", "themselves", "he", "she"),
    "ITS": ("its", "their", "his", "her"),
    "OWN": ("own",),
    "SELF": ("themselves", "itself"),
    "POSS": ("'s", "'"),
    "COMMA": (",",),
    "COLON": (":",),
    "SEMI": (";",),
    # ---- quantifiers and others
    # ("the partner and the producer alike" is each of them, as "the
    # partner and the producer all")
    "EVERY": ("every", "each", "all", "all of", "each of", "every one of", "all the", "alike"),
    "BOTH": ("both", "both of", "the two"),
    "ANOTHER": ("another", "any other", "some other",
                # "a report written by a different reviewer" ("different
                # tiers", with no article, is any word)
                "a different", "any different"),
    "OTHER": ("other", "others", "the others", "the other", "other's", "others'"),
    "EACHOTHER": ("each other", "one another", "each other's", "one another's"),
    "PEER": (
        "peer", "peers", "sibling", "siblings", "colleague", "colleagues", "fellow",
        "fellows", "teammate", "teammates",
    ),
    "PRIOR": ("previous", "prior", "preceding", "earlier", "last"),
    "CURRENT": ("current", "latest", "most recent", "newest"),
    "LATER": ("later", "subsequent", "following", "downstream"),
    "FIRST": ("first",),
    # ---- nouns for a delegate's whole result
    "OUTPUT": (
        "output", "outputs", "result", "results", "work", "answer", "answers", "report",
        "reports", "response", "responses", "verdict", "verdicts", "argument", "arguments",
        "proposal", "proposals", "findings", "finding", "critique", "critiques",
        "reply", "replies", "contribution", "contributions", "product", "decision",
        "decisions", "assessment", "assessments", "opinion", "opinions", "review", "outcome", "outcomes",
        "reviews", "take", "feedback", "context", "step", "steps", "attempt", "attempts",
        "ruling", "rulings", "judgement", "judgements", "judgment", "judgments", "conclusion",
        "conclusions", "recommendation", "recommendations",
    ),
    "INPUTS": ("inputs", "arguments", "parameters", "everything", "data"),
    "PROMPT": ("instructions", "instruction", "prompt", "prompts"),
    "LOOP": ("loop", "loops", "cycle", "cycles"),
    "CALLS": (
        "runs", "retries", "retry", "attempts", "attempt", "rounds", "round", "iterations",
        "iteration", "repetitions", "samples", "copies", "invocations", "invocation",
        "calls", "call", "tries", "passes", "pass",
        # "every council sitting": a meeting of the slot, one call
        "sitting", "sittings",
        # "no probe run sees another run's response"
        "run",
    ),
    # "we": the authors speaking for their pattern ("the recipe we return")
    "PATTERN": ("pattern", "workflow", "orchestration", "delegation", "system", "orchestrator", "coordinator", "we"),
    "ROLENOUN": ("entries", "entry", "members", "member", "instances", "instance", "slot", "slots"),
    "NUMBER": ("one", "two", "three", "four", "five", "n", "k"),
    "ONCE_N": ("once", "twice", "thrice", "three times"),
    "TIMES": ("times", "time"),
    # "once in total": the count of every call of a run
    "IN_TOTAL": (
        "in total", "all told",
        # "exactly once per run", "on every run": the count of one run of
        # the pattern
        "per run", "in every run", "on every run", "in each run", "on each run", "in any run", "on any run",
        "per execution", "in every execution", "on every execution",
    ),
    "SINGLE": ("single", "one", "one and only one"),
    # ---- verbs of receiving (active) and giving (passive)
    "SEE": (
        "get to see", "gets to see", "get to read", "gets to read",
        "see", "sees", "saw", "seen", "seeing", "receive", "receives", "received", "receiving",
        "get", "gets", "got", "read", "reads", "reading", "access", "accesses", "accessed",
        "observe", "observes", "view", "views", "consult", "consults", "inspect",
        "inspects", "use", "uses", "learn of", "learns of", "learn", "learns", "hear", "hears", "hear from",
        "hears from", "hear back from", "hears back from", "heard back from", "hear back", "hears back", "look at", "looks at",
        "encounter", "encounters", "handle", "handles", "process", "processes",
        "take", "takes", "work on", "works on", "work from", "works from",
        "draw on", "draws on", "glimpse", "glimpses", "work through", "works through",
        "go through", "goes through",
        # "never gets its earlier sketches back" (the particle moved to its
        # verb), "reads out the word"
        "get back", "gets back", "got back", "read out", "reads out",
        # "every call to the archivist carries the basin": what it is handed
        "carries",
        # "each reading is taken without sight of the readings before it"
        "sight of",
        # "is made without knowledge of the earlier rulings", "has no memory
        # of earlier attempts"
        "knowledge of", "any knowledge of", "memory of",
        # "the composer works without hearing the sound mix", "the packer
        # plans without knowing the variety"
        "hearing", "knowing",
    ),
    "GIVEN": (
        "given", "shown", "passed", "sent", "handed", "fed", "provided", "supplied",
        "exposed", "forwarded", "shared", "disclosed", "revealed", "presented",
        "delivered", "routed", "made available", "dispatched", "assigned", "available",
        "told", "informed", "exposed to",
        "passed on", "fed back", "handed on", "sent on", "sent back", "forwarded on", "passed back",
        "given access to", "granted access to", "allowed to see", "allowed access to", "visible",
        # "hidden from the vendor but known to the negotiator"
        "known",
    ),
    "REACH": (
        "reach", "reaches", "reached", "leak", "leaks", "leaked", "flow", "flows", "flowed",
        "go", "goes", "pass", "passes", "travel", "travels", "get through to",
        "make it to", "makes it to", "find its way to", "finds its way to",
        "gets to", "get to",
        # "none of the counselor's reasons end up with the records clerk"
        "ends up with", "end up with", "ended up with", "ends up in front of", "end up in front of",
        # "nothing the planner produces goes back to the instructors": the
        # way back to a delegate that came before is a way to it all the same
        "go back", "goes back", "flow back", "flows back", "pass back", "passes back",
        "make it back to", "makes it back to", "find its way back to", "finds its way back to",
        "get back to", "gets back to",
    ),
    # "never lets the change through", "keeps the target from running"
    "LET": ("lets", "let"),
    # "an unreadable reply never leads to packing": what it brings about
    "LEADS": ("leads to", "lead to"),
    "PREVENT": ("keeps", "keep", "prevents", "prevent", "stops", "stop"),
    # "the guard's reason is what comes back"
    "WHAT_RETURNED": ("what comes back", "what is returned", "what is handed back", "what gets returned",
                      "what come back", "what are returned", "what are handed back",
                      "what the caller gets back", "what the caller gets", "what the caller receives"),
    # what a call does with the one element it is given
    "HANDLE": (
        "marks", "labels", "codes", "routes", "translates", "maps", "classifies", "grades",
        "summarizes", "summarises", "triages", "tests", "assays",
        # "the annotator goes through the games one at a time"
        "goes through", "go through", "works through", "work through", "walks through",
        "walk through", "steps through", "step through", "takes", "take",
        # "every spotter call covers exactly one transect"
        "covers", "concerns", "scans", "researches", "tabulates",
    ),
    # "the verifier is denied access to the plan", "the plan is invisible
    # to the verifier": the slot never receives it
    "DENIED": (
        "denied access to", "barred from seeing", "barred from", "prevented from seeing",
        "kept from seeing", "blind to", "invisible to", "shut out of", "locked out of",
        "cut off from",
    ),
    # "the verifier relies on the executor's work"
    "RELY": ("relies on", "rely on", "depends on", "depend on", "builds on", "build on"),
    # "takes the plan as input"
    "ASINPUT": ("as input", "as its input", "as inputs", "as their input", "as an input"),
    # "the executor hands its work to the verifier"
    "HANDS": (
        "hands", "hand", "hands on", "passes", "pass", "passes on", "sends", "send", "forwards",
        "forward", "shows", "show", "feeds", "feed", "shares", "share", "gives", "give",
        "reveals", "reveal", "relays", "relay",
    ),
    # "the target runs only if the guard explicitly proceeds": the verdict's
    # `proceed`, as the language reads it
    "PROCEED": ("proceeds", "proceed"),
    # "the target waits for the guard's approval", "the guard's approval is
    # required before the target runs", "the target is skipped unless ..."
    "REQUIRE": ("waits for", "wait for", "requires", "require", "needs", "need"),
    "REQUIRED": ("required", "needed", "necessary"),
    "SKIPPED": ("skipped", "bypassed", "omitted", "left out", "passed over"),
    # "the verifier never sees the plan directly": what another delegate
    # made of it may reach it, as every isolation claim allows
    "DIRECTLY": ("directly", "itself directly"),
    # "the board receives the hand counts too", "... the other batches as
    # well": what else it is given is not said, and nothing is claimed of it
    "TOO": ("too", "as well"),
    # "the certifier is shown the certified progress so far": an input's
    # value as the program has grown it by the call
    "SOFAR": ("so far", "thus far", "up to now", "to date"),
    # "..., while the executor never sees the key": a second clause
    "WHILE": ("while", "whereas"),
    # "there are at most `max_rounds` rounds"
    "THERE": ("there",),
    # "terminates within `max_rounds` rounds"
    "WITHIN": ("within",),
    # "nothing passed to the actor mentions the observer"
    "MENTION": ("mentions", "mention", "refers to", "refer to"),
    "WITHHELD": (
        "withheld", "hidden", "kept", "kept away", "concealed", "shielded", "held back",
        "kept hidden", "kept secret", "blocked",
    ),
    "DECIDE": (
        "decide", "decides", "judge", "judges", "act", "acts", "rule", "rules", "base",
        "bases", "work", "works", "operate", "operates", "rely", "relies", "depend", "depends",
    ),
    "INFLUENCE": ("influence", "influences", "affect", "affects", "inform", "informs", "shape", "shapes", "bias", "biases", "leak into"),
    # ---- control
    "RUN": (
        "run", "runs", "ran", "work", "works", "execute", "executes", "proceed", "proceeds", "fire", "fires",
        "start", "starts", "happen", "happens", "act", "acts", "go ahead", "goes ahead",
        "is reached", "gets called", "get called", "gets invoked", "take place", "takes place",
        "running", "take turns", "takes turns",
        # "no shearer starts work until ...": begins its call
        "start work", "starts work", "start working", "starts working", "begin work", "begins work",
        # "the spotters go out one after another": are sent out
        "go out", "goes out",
    ),
    "CALLED": (
        "called", "invoked", "run", "executed", "started", "triggered", "consulted", "used",
        "engaged", "contacted", "asked", "dispatched", "launched", "tried", "attempted", "queried",
        "delegated to", "reached", "held", "made",
        # "the inspectors are sent out": dispatched; "the locksmith is
        # sent only when ...", of a slot
        "sent out", "sent",
        # "every review is done for the same track", "the costing is
        # carried out at most twice"
        "done", "carried out", "performed",
    ),
    "APPROVE": (
        "approve", "approves", "approved", "accept", "accepts", "accepted", "clear", "clears",
        "cleared", "authorize", "authorizes", "authorized", "authorise", "authorises",
        "permit", "permits", "permitted", "allow", "allows", "allowed", "consent",
        "consents", "sign off", "signs off", "signed off", "okay", "okays", "okayed",
        "green_light", "green_lights", "say yes", "says yes", "said yes", "say proceed",
        "says proceed", "say go", "says go", "said go", "say go ahead", "says go ahead", "said go ahead",
        "let it proceed", "lets it proceed",
        "give the go_ahead", "gives the go_ahead", "gave the go_ahead", "given the go_ahead",
        "give the green_light", "gives the green_light", "gave the green_light", "given the green_light",
        # "the brewer explicitly says to go ahead", "the guard says to proceed"
        "say to go ahead", "says to go ahead", "said to go ahead",
        "say to proceed", "says to proceed", "said to proceed",
        "say approve", "says approve", "said approve", "say accept", "says accept", "said accept",
        "certify", "certifies", "certified",
        "confirm", "confirms", "confirmed", "endorse", "endorses", "endorsed",
        "ratify", "ratifies", "ratified",
    ),
    "APPROVAL": (
        "acceptance",
        "approval", "approvals", "consent", "go_ahead", "sign_off", "authorization",
        "authorisation", "permission", "blessing", "say_so", "green_light",
    ),
    # "the target is gated by the guard's verdict"
    "GATED": ("gated by", "gated on", "conditional on", "contingent on", "conditioned on"),
    "EXPLICITLY": ("explicitly", "expressly", "affirmatively", "clearly", "positively"),
    "INDEP": (
        "independently", "independent", "separately", "separate", "isolated", "in isolation",
        "in parallel isolation", "on their own", "on its own", "alone", "blind", "blindly",
    ),
    "SEQ": (
        "sequentially", "in sequence", "one at a time", "one after another",
        "one after the other", "in order", "in turn", "serially", "consecutively",
        "in series", "one by one",
        "first to last", "from first to last", "most preferred first",
        "strictly in sequence", "strictly in order", "strictly one at a time",
    ),
    "ORDER": ("order", "sequence"),
    "DECLARED": (
        "declared", "listed", "given", "stated", "written", "configured", "specified",
        "preference", "declaration", "original",
        "handed in", "submitted", "received", "supplied", "provided",
        # "in the order they arrived": the caller's order
        "arrived", "came in",
        # "in queue order", "in catalogue order": a noun for the list as it
        # was handed in, or for its coming in
        "queue", "roster", "catalogue", "catalog", "docket", "acquisition", "arrival", "submission",
    ),
    "MATCH": ("matches", "match", "follows", "follow", "keeps", "keep", "mirrors", "mirror", "preserves", "preserve"),
    "SAME": ("same", "identical", "very same", "identically", "equal", "one and the same"),
    # "sees both corpora in full": all of it, as "the whole X" (not
    # unchanged: a value passed whole under a key of an object is seen in full)
    "IN_FULL": ("in full", "in its entirety", "in their entirety"),
    "ORIGINAL": ("original", "raw", "initial", "unmodified", "unaltered", "untouched", "pristine", "caller's", "source"),
    "UNCHANGED": (
        "unchanged", "verbatim", "as_is", "untouched", "unmodified", "unaltered", "intact",
        "unedited", "word for word", "in its original form", "in original form",
        "in their original form",
        "as originally given", "as it was given", "as it was provided", "as it was passed",
        "as given", "as provided", "as supplied", "as passed", "as received",
        "as it arrived", "as it came in", "exactly as given", "exactly as provided",
        "exactly as supplied", "exactly as it was given", "exactly as it was provided",
        "exactly as passed", "exactly as the caller provided it",
        "exactly as the caller gave it", "as the caller provided it",
        "as the caller gave it", "as the caller passed it", "exactly as the caller passed it",
        *_AS_GIVEN,
        "without modification", "without changes", "without any changes",
        "without alteration", "without edits",
        # "the ingredients as they are": the value as it stands, not reworked
        "as is", "as it is", "as they are", "exactly as it is", "exactly as they are", "just as it is", "just as they are",
    ),
    "BOUNDED": ("bounded", "capped", "limited"),
    # "the loop has no bound": a limit on the rounds, denied
    "LIMIT_N": ("bound", "upper bound", "limit", "upper limit", "cap"),
    # "the number of rounds never exceeds `max_rounds`"
    "COUNT_OF": ("number of", "the number of", "count of", "the count of"),
    "EXCEED": (
        "exceeds", "exceed", "goes beyond", "go beyond", "goes above", "go above",
        # "the loop never runs past max_rounds"
        "runs past", "run past", "goes past", "go past", "runs beyond", "run beyond",
    ),
    "KNOW": (
        "know", "knows", "knew", "aware", "learn", "learns", "realize", "realizes",
        "realise", "realises", "suspect", "suspects", "notice", "notices", "find out",
        "finds out",
    ),
    "UNAWARE": ("unaware", "oblivious", "ignorant", "kept unaware", "kept in the dark", "no idea"),
    "GROW": ("grows", "grow", "accumulates", "accumulate", "expands", "gets longer"),
    "ONLY_GROW": ("only grows", "only ever grows", "grows only", "only gets longer", "can only grow"),
    "SHRINK": ("shrinks", "shrink", "shrunk", "decreases", "loses entries"),
    "APPENDED": ("appended", "added", "pushed", "recorded", "written", "inserted", "included", "extended", "appending"),
    "REMOVED": (
        "removed", "deleted", "dropped", "cleared", "reset", "overwritten", "truncated",
        "replaced", "erased", "discarded", "discarded from", "taken out", "popped",
        "taken away", "taken off", "struck off", "emptied", "wiped",
        # "no hint is ever taken back"
        "taken back",
    ),
    "MONO": ("monotonic", "monotonically", "cumulative", "append_only", "append only", "add_only"),
    # "the caller gets the chair's reason": what the pattern returns, said
    # of whom it returns to
    "CALLER_GETS": ("the caller gets", "caller gets", "the caller gets back", "caller gets back",
                    "the caller receives", "caller receives", "the caller is given", "caller is given",
                    "the caller is handed", "caller is handed", "the caller is sent", "caller is sent"),
    "RETURN": ("return", "returns", "returned", "returning", "hand back", "hands back", "handed back", "given back", "reported back",
               # "the recipe that comes back"
               "comes back", "come back", "came back",
               # "its reason comes back to the caller": the caller is whom
               # a pattern returns to, whatever else it is called
               "comes back to the caller", "come back to the caller", "returned to the caller",
               "handed back to the caller", "given back to the caller", "handed to the caller",
               "given to the caller", "goes back to the caller", "go back to the caller",
               "sent back to the caller", "passed back to the caller", "reported back to the caller",
               "reported to the caller", "sent to the caller", "passed to the caller"),
    "BLOCK": (
        "block", "blocks", "blocked", "stop", "stops", "stopped", "halts", "halt",
        "refuses", "refuse", "declines", "decline", "denies", "deny", "rejects", "reject",
        "rejected",
        # "when the producer holds the episode", "an unreadable verdict holds the claim"
        "holds", "hold",
        # "when the officer withdraws the expedition", "vetoes the plan",
        # "turns the appeal down", "withholds approval"
        "vetoes", "veto", "withdraws", "withdraw", "cancels", "cancel", "scraps", "scrap", "overrules", "overrule",
        "turns down", "turn down", "turns away", "turn away", "withholds approval", "withholds its approval",
        "withhold approval", "withhold its approval", "calls off", "call off",
    ),
    "UNREADABLE": (
        "unparseable", "unparsable", "unreadable", "malformed", "garbled", "invalid",
        "ambiguous", "unclear", "illegible", "nonsensical", "unrecognizable",
        "unrecognisable", "uninterpretable",
    ),
    "PARSED": ("parsed", "read", "understood", "interpreted", "recognized", "recognised", "parse", "understand", "interpret"),
    "COUNTS_AS": (
        "counts as", "count as", "is treated as", "are treated as", "treated as",
        "is taken as", "taken as", "is read as", "is considered", "means", "is handled as",
    ),
    "REFUSAL": (
        "refusal", "rejection", "block", "denial", "no", "veto", "stop", "not approved",
        "disapproval",
    ),
    "PRODUCED": ("produced", "made", "computed", "written", "decided", "created", "generated", "authored", "supplied", "provided",
                 # "the route planned by another router call"
                 "planned", "drafted", "composed", "prepared", "chosen", "drawn", "drawn up",
                 # "the final result is assembled by the reducer"
                 "assembled"),
    "COMES": (
        "comes", "come", "originates", "originate", "derives", "derive", "comes straight",
        "come straight", "comes directly", "come directly",
    ),
    # "the results field": a key of the returned object
    "KEYNOUN": ("field",
                # "the parser's name and photo_url fields"
                "fields"),
    "DERIVED": ("derived", "built", "computed", "made", "distilled"),
    # "the minutes and the alert are never combined": said of the two
    # results, not of what the pattern does (``unmerged_passive``)
    "MERGED": (
        "merged", "combined", "blended", "fused", "mixed", "mixed together", "mixed in", "put together",
        "brought together", "pooled", "bundled", "bundled together", "lumped together",
    ),
    # "the notes and the briefing are kept apart": never combined
    "APART": ("kept apart", "kept separate", "kept separately", "held apart", "kept side by side"),
    "MERGE": (
        "merge", "merges", "combine", "combines", "synthesize", "synthesizes", "synthesise",
        "synthesises", "rank", "ranks", "resolve", "resolves", "reconcile", "reconciles",
        "aggregate", "aggregates", "curate", "curates", "blend", "blends", "average",
        "averages", "fuse", "fuses", "recover", "recovers", "summarize", "summarizes",
        "rewrite", "rewrites", "edit", "edits", "filter", "filters", "alter", "alters",
        "modify", "modifies", "change", "changes", "transform", "transforms",
    ),
    # "receives a rewritten brief", "a reworded version of the plan": an
    # input changed on its way, which denies that it arrives unchanged
    "ALTERED": tuple(
        f"{a}{w}{v}"
        for w in _ALTERED
        for a, v in (("", ""), ("", " version of"), ("", " copy of"), ("", " form of"))
    ),
    # "the plan in a reworded form": the same, said after the input
    "ALTERED_FORM": tuple(f"in {a}{w} form" for w in _ALTERED for a in ("", "a ", "an ")),
    "BETWEEN": ("between",),
    "INPUTNOUN": ("input",),
    "CONTAINER": ("array", "list", "log", "collection", "ledger", "history", "record", "set", "variable",
                  # plural: "the shipment records" for `shipments`
                  "arrays", "lists", "collections", "records", "queue", "queues"),
    "AGAINST": ("against", "relative to", "in light of"),
    "EVALUATE": (
        "scores", "score", "evaluates", "evaluate", "judges", "judge", "assesses", "assess",
        "grades", "grade", "rates", "rate", "checks", "check", "reviews", "review",
        "critiques", "compares", "measures",
    ),
    "MEETS": ("meeting", "meets", "met", "reaching", "reaches", "reached", "exceeding", "exceeds", "clearing", "clears"),
    "INCLUDES": ("includes", "include", "records", "holds", "lists", "contains"),
    "ACCEPTABLE": ("acceptable", "accepted", "valid"),
    "BREAKS_TIES": ("breaks ties", "break ties", "breaks the tie", "decides ties"),
    "MODEL": ("temperature", "sampling", "randomness", "stochasticity", "seed", "nondeterminism"),
    "FINAL": ("final", "overall", "pattern's"),
    "WINS": ("wins", "win", "is chosen", "is picked", "is selected", "prevails"),
    "SUCCESS": ("success", "successful", "succeeds", "succeed", "first success"),
    # "the winning result is a candidate's own output": what is returned on
    # success
    "WINNING": ("winning",),
    "FAILS": ("fails", "fail", "failed", "errors", "raises", "throws", "crashes", "raised", "threw"),
    "FAILURE": ("failure", "failures", "error", "errors", "exception", "exceptions"),
    "ACCESS": ("access",),
    "ACROSS": ("across", "throughout"),
    # "the returned letter, if any, comes from the writer": of the returns
    # that give one
    "IF_ANY": (
        "if any", "if there is one", "when there is one", "where there is one", "if one is returned",
        "when one is returned", "whenever one is returned",
    ),
    "ALWAYS": (
        "always", "on every call", "every time", "at all times", "invariably", "in every round",
        "on every round", "in each round", "on each round", "on every attempt", "on each attempt",
        "on each call", "in every iteration", "in each iteration",
        *(f"{p} {q} {n}" for p in ("in", "on") for q in ("every", "each") for n in ("cycle", "pass", "try", "turn")),
        "each time", "round after round", "time after time",
        "on every path", "on all paths", "in every case", "in all cases",
        "each time round the loop", "every time round the loop",
        "from round to round", "from cycle to cycle",
        "from one round to the next", "from one cycle to the next",
        "across rounds", "across cycles", "across iterations",
        "whatever the outcome", "whatever happens", "in any case", "either way",
        "whatever the verdict", "whatever the decision", "whatever the ruling", "whatever the result",
        *_EVERY_ROUND,
    ),
    "AT": ("at",),
    "ELSE": ("else", "more"),
    "EVER": ("ever",),
    # "cannot see the brief at all": the negation, stressed
    "ATALL": ("at all", "in any form", "in any way"),
    "GIVE": ("gives", "give", "gave", "grants", "grant", "granted", "issues", "issue"),
    "HANDLED": (
        "processed", "handled", "seen", "read", "reviewed", "covered", "examined", "taken", "consumed",
        "analysed", "analyzed", "worked on", "judged", "summarised", "summarized", "translated",
        "labelled", "labeled", "marked", "graded", "scored", "classified", "mapped", "evaluated",
        "checked", "answered", "triaged", "routed", "coded",
        # "each lot is researched by exactly one researcher call", "tiles
        # are scanned one after another"
        "researched", "walked", "scanned", "inspected", "verified", "reproduced", "tabulated",
        "counted", "audited", "assessed", "screened", "surveyed", "appraised", "transcribed", "tasted",
    ),
    "IDEA": ("idea", "clue", "knowledge"),
    "MORE_THAN": ("more than",),
    "OVER": ("over", "through"),
    "REJECTED": ("rejected", "refused", "declined", "uncertified", "unapproved", "failed",
                 # "when the claim is held", "when a proposal is screened out"
                 "held", "held back", "screened out", "turned down", "vetoed",
                 "cancelled", "canceled", "scrapped", "overruled", "turned away", "called off"),
    "RATHER_THAN": ("rather than", "instead of"),
    # "each pass starts fresh, without the earlier passes' readings"
    "FRESH": ("fresh", "afresh", "anew", "from scratch", "from a clean slate", "with a clean slate"),

    "IN_PLACE_OF": ("in place of",),
    "VICE_VERSA": ("vice versa", "and vice versa", "the reverse", "conversely"),
    "WHOLE": ("full", "whole", "complete", "entire"),
    "EXHAUSTED": (
        "exhausted", "exhaustion", "runs out", "run out", "spent", "used up", "expires",
    ),
    "IMMEDIATELY": ("immediately", "at once", "right away", "straight away", "without further rounds"),
    "EXITS": ("exits", "exit", "ends", "end", "terminates", "finishes", "stops"),
    "NULL": ("null", "none_value", "nothing back"),
    "BEHAVE": (
        "reasons", "reason", "thinks", "think", "weighs", "weigh", "majority_vote",
        "majority_votes", "votes", "vote", "considers", "consider", "scores", "score",
        "grades", "grade", "rates", "rate", "evaluates", "evaluate", "analyses",
        "analyzes", "analyse", "analyze", "summarises", "summarizes", "classifies",
        "writes", "write", "provides", "provide", "suggests", "suggest", "explains",
        "explain", "identifies", "identify", "interprets", "argues", "argue", "critiques",
        "tries", "aims", "strives", "responds", "answers", "drafts", "proposes",
        "produces", "generates", "bidirectional", "honest", "polite", "careful",
        "thorough", "calibrated", "creative", "concise", "deterministic", "stochastic",
        "varies", "vary",
        # what a delegate does with its work, which no program controls
        "checks", "cites", "cite", "lists", "finishes", "finish", "leaves", "renders",
        "render", "hunts", "hunt", "picks", "pick", "applies", "apply", "prefers", "prefer",
        "bargains", "bargain", "leans", "lean", "pitches", "pitch", "samples", "errs", "err",
        "penalises", "penalise", "penalizes", "penalize", "deliberates", "deliberate",
        "forms", "form", "treats", "treat", "understand", "understands",
        "promises", "promise", "resolves", "resolve", "keeps", "keep",
        "impartial", "fair", "fairly", "strict", "strictly", "capable", "consistent",
        # how a delegate judges or conducts itself
        "judges", "judge", "decides", "decide", "prices", "price",
        "patient", "kind", "friendly", "helpful", "encouraging", "supportive", "respectful",
        "professional", "objective", "rigorous", "diligent",
        "accurate", "accurately", "faithful", "faithfully", "unbiased", "neutral",
        "specific", "actionable", "constructive", "candid",
        # how a delegate works, said with an adverb
        "carefully", "consistently", "honestly", "gracefully", "thoroughly", "politely",
        "literally", "naturally", "seriously", "diligently", "rigorously", "objectively",
        "impartially", "precisely", "correctly", "sensibly", "calmly", "kindly", "patiently",
        "on its own merits", "on their own merits",
        # effort, which only the delegate puts in
        "does its best", "do its best", "do their best", "does their best", "does its best work",
        "do their best work", "makes its best attempt", "make their best attempt",
        "puts its best effort", "put their best effort", "gives its best effort", "give their best effort",
    ),
}

# Noun phrases that negate: "is given no part of the report" is "none of it".
KINDS["NONE"] += ("no part",)
# "never sees any of the offers", "any part of the review": each of it
KINDS["ANYOF"] = ("any of", "any part of", "any portion of")


#: Kinds that negate or limit: never part of free text, never a name.
POLARITY = frozenset(
    "NEVER NOT NO NONE NOTHING NEITHER NOR ONLY EXCEPT BUT WITHOUT UNLESS ATMOST EXACTLY "
    "CAN_NOT WITHHELD UNAWARE MORE_THAN REJECTED UNREADABLE BLOCK REFUSAL DENY NEVER_CASE REGARDLESS GATED ATALL IF_ANY "
    "PREVENT DENIED SKIPPED HEDGE".split()
)


def phrase_table() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Every listed phrase (as a tuple of words) → the kinds it belongs to."""
    out: dict[tuple[str, ...], list[str]] = {}
    for kind, phrases in KINDS.items():
        for phrase in phrases:
            key = tuple(phrase.split())
            kinds = out.setdefault(key, [])
            if kind not in kinds:
                kinds.append(kind)
    return {k: tuple(v) for k, v in out.items()}


#: The DECIDE verbs that speak of evidence: what "decides solely from X"
#: limits is what other delegates produced, and the inputs are context.
#: The others ("works solely from X") do not say, and are checked both ways.
EVIDENCE_VERBS = frozenset(
    "decide decides decided judge judges judged rule rules ruled base bases based".split()
)
