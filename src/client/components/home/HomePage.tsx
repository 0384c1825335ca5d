import { AboutSection } from './AboutSection';
import { ContactSection } from './ContactSection';
import { EventsTeaserSection } from './EventsTeaserSection';
import { GallerySection } from './GallerySection';
import { HeroSection } from './HeroSection';
import { ProgramsSection } from './ProgramsSection';
import { SiteFooter } from './SiteFooter';

/** The home page, and its Spanish twin `/es`: each section reads the address's language. */
export function HomePage() {
  return (
    <>
      <main>
        <HeroSection />
        <ProgramsSection />
        <GallerySection />
        <AboutSection />
        <EventsTeaserSection />
        <ContactSection />
      </main>
      <SiteFooter />
    </>
  );
}
