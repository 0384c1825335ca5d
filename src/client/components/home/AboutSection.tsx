import { Apple, HeartHandshake, Sprout, Users } from 'lucide-react';
import { centre } from '~/shared/centre';
import { LinkButton } from '../ui/LinkButton';

const VALUES = [
  { icon: HeartHandshake, title: 'Nurturing care', text: 'Small groups and consistent caregivers, so every child feels known and safe.' },
  { icon: Sprout, title: 'Learning through play', text: 'Curriculum built on Ohio’s Early Learning and Development Standards.' },
  { icon: Users, title: 'Family partnership', text: 'Daily updates, development notes and a parent portal keep you connected.' },
  { icon: Apple, title: 'Healthy habits', text: 'Nutritious meals and snacks, outdoor time every day and safe routines.' },
] as const;

export function AboutSection() {
  return (
    <section id="about" tabIndex={-1} aria-labelledby="about-heading" className="bg-white py-16 outline-none">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="about-heading" className="text-3xl font-bold text-stone-900">
            About {centre.name}
          </h2>
          <p className="mt-4 text-stone-700">
            {centre.name} is a licensed childcare centre in {centre.address.city}, Ohio, caring for children from 6 weeks to 5 years. Our
            experienced teachers create a warm, structured day where little ones explore, build friendships and develop the skills they need
            for kindergarten and beyond.
          </p>
          <p className="mt-4 text-stone-700">
            We are proud to be licensed by the Ohio Department of Job and Family Services and rated through Ohio's Step Up To Quality
            program.
          </p>
          <LinkButton href="/enrollment" size="lg" className="mt-8">
            Enroll Your Child Today
          </LinkButton>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
              <Icon aria-hidden="true" className="size-7 text-brand-700" />
              <h3 className="mt-3 font-bold text-stone-900">{title}</h3>
              <p className="mt-1 text-sm text-stone-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
