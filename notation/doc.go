// Package notation reads and writes mahjong tiles and hands in MPSZ notation.
//
// A Tile is a small integer, a Counts is an array of counts indexed by Tile, and a Hand holds the
// concealed tiles, the melds, the bonus tiles and the winning tile. Parse and Format convert between
// text and Hand; Format is canonical and Parse(Format(h)) == h.
//
// # Grammar
//
//	hand     = { space | group | alias | joker | meld | kong | win | boost }
//	group    = digit { digit } suit          123m  456p  789s  1234567z  12f
//	suit     = "m" | "p" | "s" | "z" | "f"   characters, dots, bamboo, honours, bonus tiles
//	flower   = "f"                           a bare f (no digits) is an unnumbered flower
//	alias    = "E" | "S" | "W" | "N"         winds (also 東 南 西 北)
//	         | "Wd" | "Gd" | "Rd"            white, green, red dragons (also 白 發/发 中)
//	joker    = "J"
//	meld     = "[" tiles [ "@" seat ] "]"    an exposed chow, pong, kong, quint or sextet; jokers allowed in sets
//	kong     = "(" tiles ")"                 a concealed kong: four identical tiles
//	seat     = "E" | "S" | "W" | "N"         the seat whose discard was claimed for the meld
//	win      = "+" tile                      the winning tile, part of the hand
//	boost    = "*"                           after one bonus tile: boosted (DeBurger's bird)
//	space    = " " | "\t" | ","
//
// Honours 1z-7z are East, South, West, North, White, Green, Red. Bonus tiles 1f-4f are the flowers and 5f-8f
// the seasons; flower n and season n+4 belong to seat n (East 1 .. North 4). A 0 in a suit (0m, 0p, 0s) is a
// red five as Tenhou and Mahjong Soul write it, read as 5. Under Options.ZeroIsWhite (every American
// ruleset) a 0 is the white dragon instead, as cards write years ("2026m" is 2m 2m 6m and the white
// dragon), and zeros need no suit letter ("0000" is four white dragons); FormatWith writes them back
// as zeros. Without '+', the last concealed tile written is the
// winning tile.
//
// Parse rejects, with the column: unknown letters, digits with no suit, 0, 8 or 9 on honours, more than four
// of a tile across the whole hand (more than one of a numbered bonus tile, more than eight flowers or
// jokers), malformed melds (a chow that is not a run, a kong of different tiles, a chow of honours, a meld
// of jokers only) and unclosed brackets.
package notation
