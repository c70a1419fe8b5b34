// Command mjref scores mahjong hands and referees disputes. See README.md.
package main

import (
	"os"

	"github.com/mjref/mjref/cmd"
)

func main() { os.Exit(cmd.Main()) }
