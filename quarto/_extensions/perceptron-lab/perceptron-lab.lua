-- The {{< perceptron-lab >}} shortcode: a Perceptron Lab in a Quarto page or reveal.js slide.
--
--   {{< perceptron-lab scenario="v=1&a=perceptron&…" panels="trace" height="600px" >}}
--
-- Arguments (all optional): scenario (a link fragment from the lab's Copy link, or an exercise
-- set's link), panels (the panels open from the start), hide (controls and panels to leave
-- out), name (the lab's accessible name), theme (light, dark or auto), full ("true": every
-- panel and control), height (a CSS length: the lab scrolls inside it).
--
-- In HTML formats (html, revealjs, dashboards) it writes a <perceptron-lab> element and adds
-- perceptron-lab.mjs (the whole lab in one ES module, WebAssembly inside) to the page once.
-- The element stays in the page when a slide is left, so a lab on a slide keeps its scenario
-- and step when the slide is shown again; in reveal.js slides, perceptron-lab-reveal.js lays
-- the deck out again once a lab has mounted (reveal.js centres a slide by its height). Other formats (PDF, Word) get a sentence saying
-- the lab is in the HTML version.

local function text(value)
  if value == nil then
    return nil
  end
  local s = pandoc.utils.stringify(value)
  if s == "" then
    return nil
  end
  return s
end

local function escape(s)
  return (s:gsub("[&<>\"']", {
    ["&"] = "&amp;",
    ["<"] = "&lt;",
    [">"] = "&gt;",
    ['"'] = "&quot;",
    ["'"] = "&#39;",
  }))
end

-- A CSS length: a number and a unit, nothing else (the value goes into a style attribute).
local function css_length(s)
  if s == nil then
    return nil
  end
  local number, unit = s:match("^(%d+%.?%d*)(%a*%%?)$")
  local units = { px = true, em = true, rem = true, vh = true, ["%"] = true }
  if number and units[unit] then
    return number .. unit
  end
  return nil
end

local function lab_html(kwargs)
  local attrs = {}
  local function add(name, value)
    if value then
      attrs[#attrs + 1] = name .. '="' .. escape(value) .. '"'
    end
  end
  add("scenario", text(kwargs["scenario"]))
  add("open-panels", text(kwargs["panels"]))
  add("hide", text(kwargs["hide"]))
  add("name", text(kwargs["name"]) or "Perceptron Lab")
  add("theme", text(kwargs["theme"]))
  if text(kwargs["full"]) == "true" then
    attrs[#attrs + 1] = "full"
  end
  local element = "<perceptron-lab " .. table.concat(attrs, " ") .. "></perceptron-lab>"
  local height = css_length(text(kwargs["height"]))
  local style = "display:block"
  if height then
    style = style .. ";max-height:" .. height .. ";overflow:auto"
  end
  return '<div class="perceptron-lab-box" style="' .. style .. '">' .. element .. "</div>"
end

return {
  ["perceptron-lab"] = function(args, kwargs, meta)
    if not quarto.doc.is_format("html:js") then
      return pandoc.Para({
        pandoc.Emph({ pandoc.Str("An interactive Perceptron Lab is here in the HTML version.") }),
      })
    end
    local scripts = { { path = "perceptron-lab.mjs", attribs = { type = "module" }, afterBody = true } }
    if quarto.doc.is_format("revealjs") then
      scripts[2] = { path = "perceptron-lab-reveal.js", attribs = { type = "module" }, afterBody = true }
    end
    quarto.doc.add_html_dependency({
      name = "perceptron-lab",
      version = "1.0.0",
      scripts = scripts,
    })
    return pandoc.RawBlock("html", lab_html(kwargs))
  end,
}
