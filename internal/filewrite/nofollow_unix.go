//go:build unix

package filewrite

import "syscall"

const noFollow = syscall.O_NOFOLLOW
