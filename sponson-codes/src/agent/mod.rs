//! Agents calling a command as an MCP tool see the same envelope a script
//! sees on stdout.

pub(crate) mod mcp;
