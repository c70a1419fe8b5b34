// Package referee replays a hand from the log a scorekeeper keeps at the table, rules on every step
// (whose turn it is, whether a claim is allowed and which claim wins), derives the situation of the win
// for scoring and settles the result. Scoring and settlement are injected (Deps), so the same replay
// serves any rule family; HK wires the Hong Kong scorer and settlement.
//
// # The log
//
// A log is YAML:
//
//	ruleset: hk
//	seats: start         # what the seat letters name: start (default) or wind
//	dealer: E            # the seat that deals this hand (default E)
//	prevailing: E        # the round's wind (default E)
//	hands:               # optional, per seat: the tiles after the deal
//	  E: "123m456p789s1122z 3z"
//	  W: "11z ?11"       # ? is a tile not seen; ?11 is eleven of them
//	wall: "..."          # optional: the live wall in draw order, front first (? for tiles not seen)
//	events:
//	  - E discard 3z
//	  - S draw           # a draw nobody saw: the tile may be left out (or written ?)
//	  - S discard 9s
//	  - claims: [W pong 9s, N chow 789s]   # claims made on one discard at the same time
//	  - W discard 1m
//	  - N draw 2f        # a flower: laid out, then a replacement from the back
//	  - N flower 2f
//	  - N draw 4p
//	  - N add-kong 5p
//	  - E win 5p         # robbing the kong
//
// The same log as JSON Lines: an optional first line holding the header object (every key but events),
// then one event per line, a JSON string ("E discard 3z") or an object {"claims": ["W pong 9s"]}.
//
// An event is SEAT ACTION [TILES] [= HAND]. Seats are E, S, W, N: the four places at the table, named
// by their wind when the game began; seat winds for scoring count from the dealer, so with dealer: S the
// seat S sits East this hand. With seats: wind (or ReadOptions.Seats = SeatsByWind, mjref referee --by
// wind) the letters are this hand's seat winds instead: E deals, S is on the dealer's right, and
// dealer: is E or left out. Actions:
//
//	draw [TILE]            from the front of the wall; after a kong or a flower, the replacement from the back
//	discard TILE
//	chow TILES             the run's three tiles, the discard among them; only from the seat before
//	                       (left out, the first run the hand can make is taken, and the ruling says so)
//	pong [TILE]            the tile defaults to the discard on the table
//	kong [TILE]            an exposed kong on the discard; a replacement draw follows
//	add-kong TILE          the fourth tile on an exposed pong; others may rob it with a win
//	concealed-kong TILE    four tiles from the hand; robbed only for Thirteen Orphans
//	flower TILES           lay out flowers or seasons; each needs a replacement draw
//	win [TILE] [= HAND]    on the discard on the table, a kong being robbed, or the seat's own draw
//	pass                   declining a claim (a note; it changes nothing)
//	claims: [...]          several chow/pong/kong/win/pass claims on one discard at once
//
// A win may lay the hand down after '=' (the concealed tiles, the winning tile included), which reveals
// tiles the scorekeeper had not seen. A drawn flower need not be written as laid out: the next draw by
// the same seat takes it as laid out and replaced.
//
// # Tiles the scorekeeper did not see
//
// The referee tracks each seat's concealed tiles as those seen plus a count of unseen ones. A seat with
// no hand in the log holds 13 unseen tiles (14 for the dealer). A discard, meld or flower taken from
// unseen tiles reveals them; a rule that needs tiles (a pong's pair, a win's shape) is checked only as
// far as the tiles are seen, so an unseen hand may make any claim, and a win from a hand with unseen
// tiles is taken as declared (it is scored only when the hand is laid down with '='). Tile conservation
// holds throughout: hands, melds, laid-out bonus tiles, discards and the wall always add up to 144 (136
// without flowers).
//
// # Logs that cannot describe a real hand
//
// A log whose own tiles cannot be is not ruled on: Replay returns a *LogError (bad input) naming the
// seat, the event and the count, and no report, so nothing is paid on it. That is a hand of the
// wrong size at the deal or where a mid-hand log begins (13 tiles a seat, 14 for the seat on turn
// when it acts before drawing, a kong counting as 3), melds at the deal, a hand laid down with a win
// or a reveal that is not the number of tiles the seat holds, more copies of a tile than the set has
// (at the deal or at any event), and a wall that does not fit the other tiles. A hand that goes
// wrong through a step of play the log describes (a draw out of turn, a discard without a draw) is
// a real table's mistake: that step is ruled illegal and the replay goes on.
//
// Hands at the deal may be written before flower replacement (the dealer's 14 tiles including flowers;
// each flower then needs a flower event and a replacement draw before the dealer's first discard) or
// after it (14 tiles besides the flowers, which are then taken as already laid out and replaced).
//
// # Logs that start in the middle of a hand
//
// A scorekeeper who starts late writes a start: key:
//
//	start:
//	  wall: 40            # tiles left in the live wall, if counted
//	  discards: {E: "3z1m", S: "9s"}
//	hands:
//	  W: "[999s@S] 2f ?10"   # melds and laid-out flowers in hand notation
//
// Then the deal checks are off, and the first event's seat is taken to be on turn (a seat about to
// discard with no hand given is taken to have drawn already). Without start.wall the wall never runs
// out by count; tiles not accounted for are taken to be in discards the log does not show.
//
// # Rulings
//
// Every event gets a ruling (every claim of a claims: event its own): ok or illegal, a stable rule id
// (the Rule* constants) and a reason. After an illegal step the replay follows the log wherever it can
// (a draw out of turn moves the turn to that seat; a tile that is not in the hand is not moved) and
// keeps ruling, so one log reports every illegal step. A false win (詐糊) ends the hand and is settled
// by the ruleset's penalty; so does a win declared out of turn. The hand is drawn (流局) when the wall is
// empty and a draw or a replacement is due; a dead wall (Rules.DeadWall) keeps tiles back.
//
// Hong Kong has no furiten: you may win on a tile you discarded yourself, and declining one win does not
// stop you taking the next. The house rule that does (Rules.MissedWinLock) can be switched on.
//
// # American hands
//
// American returns the Deps of an American replay (152 tiles, jokers, the card). The log is the same,
// with these actions:
//
//	charleston [TILES]     three tiles passed (? for a tile not seen; nothing: three not seen). Every
//	                       player passes right, then across, then left (the first Charleston, mandatory);
//	                       three more passes are the second Charleston, all or none (Rules.SecondCharleston:
//	                       reversed by default, as the NMJL plays; "same" as the seed says)
//	                       Tiles not seen may be any of the passer's tiles but jokers, those it was seen to
//	                       receive included: the replay keeps only what the log proves it still holds.
//	charleston [TILES] blind [N]  a blind pass ("steal"), on the last pass of a Charleston only: N (default:
//	                       the tiles not written, up to three) of the tiles being passed to the player in the
//	                       same pass are passed on unlooked at, the rest come from the hand
//	courtesy [TILES]       an offer of up to three tiles to the player across, after the Charleston; once
//	                       both have offered they exchange the smaller number (which tiles, unseen, when a
//	                       side offered more)
//	pong|kong|quint|sextet TILE[J...]   a call for an exposure; each J written is a joker from the hand
//	pair TILE              a call for a pair: only for Mah Jongg
//	exchange TILE [SEAT]   a natural from the hand for a joker in an exposure of TILE (SEAT's, or the
//	                       first found from the player's own on)
//	misnamed TILE NAME     a discard of TILE announced as NAME
//	win [TILE] [= HAND]    Mah Jongg; the hand after '=' is shown. On a misnamed discard TILE may be the
//	                       tile named or the tile itself (the misnaming kept the call from being made):
//	                       either way the misnamer pays four times alone
//
// A log without charleston events starts after the Charleston. "Right" is the next player in turn; the
// turn goes E → S → W → N ("clockwise", as the seed says) or the other way (Rules.Direction). Calls
// must fit some exposed line of the card still possible with the tiles seen (discards, others'
// exposures); Mah Jongg beats an exposure and, among equal calls, the next player in turn takes the
// discard. A discarded joker is dead. Dead hands (Report.Dead): a wrong number of tiles at a discard, an
// exposure that fits no line, a joker exchange out of turn, Mah Jongg in error with the tiles shown
// or with exposures on the table (otherwise, without '=', the error costs nothing and play goes on),
// a misnamed tile called for an exposure the
// caller cannot make. A dead hand stops playing, the turn passes it by, and it still pays; three dead
// hands end the game with no payment. A Mah Jongg on a misnamed discard is paid by the misnamer alone
// (four times). There are no flowers to lay out, no kongs from the hand and no replacement draws.
//
// # DeBurger hands
//
// DeBurger returns the Deps of a DeBurger replay: the Hong Kong flow (flowers laid out at once and
// replaced from the back, a pong from anyone, a chow only from the player before, win over pong over
// chow) with a pair called only to win ("pair TILE"; in Seven Sisters only the final pair), and the bird:
// a discarded 1s lands on the first unboosted flower from the next player on (points.BirdLanding, one
// boost per flower) and cannot be called, the next player drawing; with no unboosted flower it goes to
// the centre and may be called. The bird stays counted among its discarder's discards. When someone
// goes Mahjong every player's hand is scored with its flowers and boosts (Report.Points and
// Report.Scores); there are no payments. A hand not seen during play is laid down after the win with
// "SEAT reveal = HAND" (the concealed tiles; they must fit what the log saw of that seat), so a
// scorekeeper need not log every hand from the deal.
package referee
